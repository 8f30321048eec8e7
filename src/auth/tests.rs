//! Tests of choosing an authenticator and of every SimpleAuthenticator path.

use super::*;
use md5::{Digest, Md5};
use std::fs;
use std::path::Path;

const PASSWD: &str =
    "# users\njsmith=havebadpass\nElvis\\ Presley=graceland4evar\ndilbert=nomoovertime\n";
const ACCESS: &str =
    "Keyspace1=jsmith,Elvis Presley,dilbert\nBlog=dilbert\nSpaced=jsmith, dilbert\n";

fn config_xml(authenticator: &str) -> String {
    crate::config::testing::one_keyspace(
        "Keyspace1",
        &[r#"<ColumnFamily Name="Standard1"/>"#],
        "RandomPartitioner",
        authenticator,
    )
}

fn creds(user: &str, password: &str) -> BTreeMap<String, String> {
    BTreeMap::from([
        (USERNAME_KEY.to_string(), user.to_string()),
        (PASSWORD_KEY.to_string(), password.to_string()),
    ])
}

/// A config file with passwd/access files next to it.
fn setup(dir: &Path, authenticator: &str, passwd: &str) -> Arc<dyn Authenticator> {
    fs::write(dir.join("passwd.properties"), passwd).unwrap();
    fs::write(dir.join("access.properties"), ACCESS).unwrap();
    let conf = dir.join("storage-conf.xml");
    fs::write(&conf, config_xml(authenticator)).unwrap();
    from_config(&Config::from_file(&conf).unwrap()).unwrap()
}

fn simple(dir: &Path) -> Arc<dyn Authenticator> {
    setup(
        dir,
        "<Authenticator>org.apache.cassandra.auth.SimpleAuthenticator</Authenticator>",
        PASSWD,
    )
}

#[test]
fn chooses_by_class_name() {
    let c = Config::from_xml(&config_xml(""), "t.xml").unwrap();
    assert_eq!(from_config(&c).unwrap().class_name(), ALLOW_ALL_CLASS);
    for name in [ALLOW_ALL_CLASS, "AllowAllAuthenticator"] {
        let xml = config_xml(&format!("<Authenticator>{name}</Authenticator>"));
        let a = from_config(&Config::from_xml(&xml, "t.xml").unwrap()).unwrap();
        assert!(!a.requires_login());
    }
    let xml = config_xml("<Authenticator>com.example.LdapAuthenticator</Authenticator>");
    let err = from_config(&Config::from_xml(&xml, "t.xml").unwrap()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "t.xml:10: <Authenticator>: Invalid authenticator class com.example.LdapAuthenticator"
    );
}

#[test]
fn simple_finds_files_next_to_the_config() {
    let dir = tempfile::tempdir().unwrap();
    let a = simple(dir.path());
    assert_eq!(a.class_name(), SIMPLE_CLASS);
    assert!(a.requires_login());
    let user = a
        .login("Keyspace1", &creds("jsmith", "havebadpass"))
        .unwrap();
    assert_eq!(user.username.as_deref(), Some("jsmith"));
    assert!(a
        .login("Keyspace1", &creds("Elvis Presley", "graceland4evar"))
        .is_ok());
}

#[test]
fn simple_with_explicit_paths_and_missing_files() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("users.props");
    let q = dir.path().join("acl.props");
    fs::write(&p, PASSWD).unwrap();
    fs::write(&q, ACCESS).unwrap();
    let element = format!(
        "<Authenticator PasswdProperties=\"{}\" AccessProperties=\"{}\">SimpleAuthenticator</Authenticator>",
        p.display(),
        q.display()
    );
    let a = from_config(&Config::from_xml(&config_xml(&element), "t.xml").unwrap()).unwrap();
    assert!(a.login("Blog", &creds("dilbert", "nomoovertime")).is_ok());

    let missing = config_xml(&format!(
        "<Authenticator PasswdProperties=\"{}\" AccessProperties=\"{}\">SimpleAuthenticator</Authenticator>",
        p.display(),
        dir.path().join("nope").display()
    ));
    let err = from_config(&Config::from_xml(&missing, "t.xml").unwrap()).unwrap_err();
    assert!(
        matches!(
            &err,
            AuthSetupError::File {
                role: "access.properties",
                ..
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("nope"), "{err}");

    // A device named as a properties file is refused, not read forever.
    let err =
        SimpleAuthenticator::new(p.clone(), "/dev/zero".into(), PasswordMode::Plain).unwrap_err();
    assert!(err.to_string().contains("not a regular file"), "{err}");

    fs::write(&q, "bad=\\uZZZZ\n").unwrap();
    let err = SimpleAuthenticator::new(p.clone(), q.clone(), PasswordMode::Plain).unwrap_err();
    assert!(
        err.to_string().contains("Malformed \\uxxxx encoding."),
        "{err}"
    );
}

#[test]
fn missing_credentials() {
    let dir = tempfile::tempdir().unwrap();
    let a = simple(dir.path());
    let only_password = BTreeMap::from([(PASSWORD_KEY.to_string(), "x".to_string())]);
    assert_eq!(
        a.login("Keyspace1", &only_password),
        Err(AuthError::Authentication(
            "Authentication request was missing the required key 'username'".into()
        ))
    );
    let only_user = BTreeMap::from([(USERNAME_KEY.to_string(), "jsmith".to_string())]);
    assert_eq!(
        a.login("Keyspace1", &only_user),
        Err(AuthError::Authentication(
            "Authentication request was missing the required key 'password'".into()
        ))
    );
}

#[test]
fn wrong_password_and_unknown_user() {
    let dir = tempfile::tempdir().unwrap();
    let a = simple(dir.path());
    assert_eq!(
        a.login("Keyspace1", &creds("jsmith", "guess")),
        Err(AuthError::Authentication(
            "Given password in password mode PLAIN could not be validated for user jsmith".into()
        ))
    );
    // 0.6.13 wrapped this one in a RuntimeException: an internal error on the wire.
    match a.login("Keyspace1", &creds("mallory", "x")) {
        Err(AuthError::Internal(detail)) => {
            assert!(detail.contains("for user mallory"), "{detail}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn authorization() {
    let dir = tempfile::tempdir().unwrap();
    let a = simple(dir.path());
    assert_eq!(
        a.login("Blog", &creds("jsmith", "havebadpass")),
        Err(AuthError::Authorization(
            "User jsmith could not be authorized to use keyspace Blog".into()
        ))
    );
    // Keyspace absent from access.properties: 0.6.13's internal error again.
    match a.login("NoSuchKS", &creds("jsmith", "havebadpass")) {
        Err(AuthError::Internal(detail)) => {
            assert!(detail.contains("could not be authorized to use keyspace NoSuchKS"))
        }
        other => panic!("{other:?}"),
    }
    // The list is not trimmed: " dilbert" is not "dilbert".
    assert!(a.login("Spaced", &creds("jsmith", "havebadpass")).is_ok());
    assert!(matches!(
        a.login("Spaced", &creds("dilbert", "nomoovertime")),
        Err(AuthError::Authorization(_))
    ));
}

#[test]
fn md5_mode() {
    let dir = tempfile::tempdir().unwrap();
    // The stored digest may be upper case; "broken" is not a digest at all.
    let digest = format!("{:x}", Md5::digest(b"havebadpass"));
    let passwd = format!("jsmith={}\nbroken=xyz\n", digest.to_uppercase());
    let a = setup(
        dir.path(),
        "<Authenticator PasswdMode=\"MD5\">org.apache.cassandra.auth.SimpleAuthenticator</Authenticator>",
        &passwd,
    );
    assert!(a
        .login("Keyspace1", &creds("jsmith", "havebadpass"))
        .is_ok());
    assert_eq!(
        a.login("Keyspace1", &creds("jsmith", &digest)),
        Err(AuthError::Authentication(
            "Given password in password mode MD5 could not be validated for user jsmith".into()
        )),
        "the digest itself is not the password"
    );
    assert!(matches!(
        a.login("Keyspace1", &creds("broken", "x")),
        Err(AuthError::Internal(_))
    ));
}

#[test]
fn files_are_reread_on_every_login() {
    let dir = tempfile::tempdir().unwrap();
    let a = simple(dir.path());
    assert!(a
        .login("Keyspace1", &creds("jsmith", "havebadpass"))
        .is_ok());
    fs::write(dir.path().join("passwd.properties"), "jsmith=newpass\n").unwrap();
    assert!(matches!(
        a.login("Keyspace1", &creds("jsmith", "havebadpass")),
        Err(AuthError::Authentication(_))
    ));
    assert!(a.login("Keyspace1", &creds("jsmith", "newpass")).is_ok());
    fs::remove_file(dir.path().join("access.properties")).unwrap();
    match a.login("Keyspace1", &creds("jsmith", "newpass")) {
        Err(AuthError::Internal(detail)) => {
            assert!(detail.contains("access.properties"), "{detail}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn shipped_example_files_work() {
    let conf = Path::new(env!("CARGO_MANIFEST_DIR")).join("conf");
    let a = SimpleAuthenticator::new(
        conf.join("passwd.properties"),
        conf.join("access.properties"),
        PasswordMode::Plain,
    )
    .unwrap();
    assert!(a.login("Keyspace1", &creds("alice", "wonderland")).is_ok());
    assert!(a
        .login("Keyspace1", &creds("Bob Builder", "canwefixit"))
        .is_ok());
    assert!(a
        .login("BloggyAppy", &creds("carol", "carolsecret"))
        .is_ok());
    assert!(matches!(
        a.login("Keyspace1", &creds("carol", "carolsecret")),
        Err(AuthError::Authorization(_))
    ));
}

#[test]
fn may_use_answers_yes_or_no_per_keyspace() {
    let dir = tempfile::tempdir().unwrap();
    let a = simple(dir.path());
    let user = |name: &str| AuthenticatedUser {
        username: Some(name.to_string()),
    };
    assert_eq!(a.may_use(&user("jsmith"), "Keyspace1"), Ok(true));
    assert_eq!(a.may_use(&user("jsmith"), "Blog"), Ok(false));
    // Absent from access.properties: simply no (0.6's login called it internal).
    assert_eq!(a.may_use(&user("jsmith"), "NoSuchKS"), Ok(false));
    assert_eq!(a.may_use(&user("dilbert"), "Spaced"), Ok(false));
    assert_eq!(
        a.may_use(&AuthenticatedUser { username: None }, "Keyspace1"),
        Ok(false)
    );
    // Grants are read afresh: a revoked grant is gone at once.
    fs::write(dir.path().join("access.properties"), "Keyspace1=dilbert\n").unwrap();
    assert_eq!(a.may_use(&user("jsmith"), "Keyspace1"), Ok(false));
    fs::remove_file(dir.path().join("access.properties")).unwrap();
    assert!(matches!(
        a.may_use(&user("dilbert"), "Keyspace1"),
        Err(AuthError::Internal(_))
    ));
}
