package io.paygate.model.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the {@code openssl} binary, so that expected values come from an implementation other than ours. */
public final class Openssl {

    private Openssl() {
    }

    /** True when an {@code openssl} binary answers {@code openssl version}. */
    public static boolean available() {
        try {
            run(List.of("version"), new byte[0]);
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** {@code openssl <args>} with {@code stdin}; returns trimmed stdout. */
    public static String run(List<String> args, byte[] stdin) throws IOException {
        List<String> command = new ArrayList<>();
        command.add("openssl");
        command.addAll(args);
        Process process = new ProcessBuilder(command).redirectErrorStream(false).start();
        try (OutputStream in = process.getOutputStream()) {
            in.write(stdin);
        }
        byte[] out = process.getInputStream().readAllBytes();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException("openssl " + args + " failed");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return new String(out, StandardCharsets.UTF_8).strip();
    }

    /** {@code openssl dgst -sha256 -r} of {@code data}: lowercase hex. */
    public static String sha256Hex(byte[] data) throws IOException {
        return firstField(run(List.of("dgst", "-sha256", "-r"), data));
    }

    /** {@code openssl dgst -<digest> -mac HMAC -macopt hexkey:<key> -r}: lowercase hex. */
    public static String hmacHex(String digest, String hexKey, byte[] data) throws IOException {
        return firstField(run(List.of("dgst", "-" + digest, "-mac", "HMAC", "-macopt", "hexkey:" + hexKey, "-r"), data));
    }

    /** {@code openssl dgst -<digest> -mac HMAC -macopt hexkey:<key> -binary | openssl base64 -A}. */
    public static String hmacBase64(String digest, String hexKey, byte[] data) throws IOException {
        Process dgst = new ProcessBuilder("openssl", "dgst", "-" + digest, "-mac", "HMAC", "-macopt",
                "hexkey:" + hexKey, "-binary").start();
        try (OutputStream in = dgst.getOutputStream()) {
            in.write(data);
        }
        byte[] mac = dgst.getInputStream().readAllBytes();
        return run(List.of("base64", "-A"), mac);
    }

    /** {@code openssl dgst -sha256 -sign <keyFile> -binary | openssl base64 -A}: a base64 SHA256withRSA signature. */
    public static String rsaSha256Base64(java.nio.file.Path keyFile, byte[] data) throws IOException {
        Process dgst = new ProcessBuilder("openssl", "dgst", "-sha256", "-sign", keyFile.toString(), "-binary").start();
        try (OutputStream in = dgst.getOutputStream()) {
            in.write(data);
        }
        byte[] signature = dgst.getInputStream().readAllBytes();
        return run(List.of("base64", "-A"), signature);
    }

    /** {@code openssl base64 -d -A}: the decoded bytes, as lowercase hex (for {@code -macopt hexkey:}). */
    public static String base64DecodeToHex(String base64) throws IOException {
        Process decode = new ProcessBuilder("openssl", "base64", "-d", "-A").start();
        try (OutputStream in = decode.getOutputStream()) {
            in.write(base64.getBytes(StandardCharsets.US_ASCII));
        }
        byte[] raw = decode.getInputStream().readAllBytes();
        StringBuilder hex = new StringBuilder();
        for (byte b : raw) {
            hex.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
        }
        return hex.toString();
    }

    private static String firstField(String line) {
        int space = line.indexOf(' ');
        return space < 0 ? line : line.substring(0, space);
    }
}
