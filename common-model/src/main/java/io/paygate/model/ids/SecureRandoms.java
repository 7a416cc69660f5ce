package io.paygate.model.ids;

import java.security.SecureRandom;

/**
 * The process's one {@link SecureRandom}, made at its first use. A generator in a static field is made when its class
 * is initialized, and a native image initializes classes while it is built (Quarkus's default): the generator would be
 * seeded once, on the build machine, and baked into the image that every run starts from — which native-image refuses
 * ("Detected an instance of Random/SplittableRandom class in the image heap"). Taken at use instead, it is made and
 * seeded in the running process, once. test-support's {@code NativeImage} rules, checked by every module's
 * {@code NativeImageRulesTest}, keep generators out of static fields.
 */
public final class SecureRandoms {

    private static volatile SecureRandom shared;

    private SecureRandoms() {
    }

    /** The shared generator (thread-safe, as {@link SecureRandom} is). */
    public static SecureRandom get() {
        SecureRandom random = shared;
        if (random == null) {
            synchronized (SecureRandoms.class) {
                random = shared;
                if (random == null) {
                    random = new SecureRandom();
                    shared = random;
                }
            }
        }
        return random;
    }
}
