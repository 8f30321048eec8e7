use super::*;

#[test]
fn declared_and_application_forms() {
    match ApiError::invalid("bad").into_thrift("get") {
        thrift::Error::User(e) => {
            assert_eq!(
                e.downcast_ref::<t06::InvalidRequestException>()
                    .unwrap()
                    .why,
                "bad"
            );
        }
        other => panic!("{other:?}"),
    }
    match ApiError::Internal("disk".into()).into_thrift("insert") {
        thrift::Error::Application(a) => {
            assert_eq!(a.kind, ApplicationErrorKind::InternalError);
            assert_eq!(a.message, "Internal error processing insert");
        }
        other => panic!("{other:?}"),
    }
}
