package io.paygate.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;

/** The repository checkout the tests run in, found from the module directory they run in. */
public final class Checkout {

    private Checkout() {
    }

    /** The checkout's root: the nearest directory at or above the working directory with the wrapper and the README. */
    public static Path root() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !(Files.isRegularFile(dir.resolve("mvnw")) && Files.isRegularFile(dir.resolve("README.md")))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException("no repository root (mvnw and README.md) above " + Path.of("").toAbsolutePath());
        }
        return dir;
    }
}
