/// How long a writer of the cache waits for another writer's lock before it
/// gives up, in seconds, unless told otherwise.
public enum CacheLockWait {
    public static let defaultSeconds = 60
}
