package bloggyappy;

import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The blog's data access, one implementation per API generation (Blog06 over Cassandra 0.6's
 * API 2.2.0, Blog19 over 0.7-2.x's API 19.x). BlogFlow writes and reads through it only, so both
 * generations run the same scenario and the same checks.
 */
public interface Blog {
    /** A post's entry in TaggedPosts: when it was published (a TimeUUID) and its slug. */
    record Posted(UUID when, String slug) {
        @Override
        public String toString() {
            return when + " " + slug;
        }
    }

    /** One comment: the TimeUUID naming its super column and its sub-columns. */
    record Comment(UUID when, Map<String, String> fields) {}

    void saveAuthor(String name, Map<String, String> profile, long ts) throws Exception;

    /** The BlogEntries row and one TaggedPosts column per tag plus __notag__, in one batch. */
    void publish(Map<String, String> post, UUID when, long ts) throws Exception;

    void comment(String slug, UUID when, Map<String, String> fields, long ts) throws Exception;

    Map<String, String> author(String name) throws Exception;

    /** One profile field, or null if the server says NotFoundException. */
    String authorField(String name, String field) throws Exception;

    /** The newest `count` posts with the tag, newest first (a reversed slice). */
    List<Posted> latest(String tag, int count) throws Exception;

    Map<String, Map<String, String>> posts(List<String> slugs) throws Exception;

    /** A post's comments, oldest first. */
    List<Comment> comments(String slug) throws Exception;

    /** The sub-column names of one comment, in the order the server returns them. */
    List<String> commentFieldNames(String slug, UUID when) throws Exception;

    int commentCount(String slug) throws Exception;

    String describeVersion() throws Exception;
}
