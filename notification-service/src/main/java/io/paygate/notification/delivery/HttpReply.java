package io.paygate.notification.delivery;

/**
 * A merchant's answer to one POST: status, {@code Retry-After} when sent, and the body as read (at most
 * {@code gateway.notification.delivery.max-reply-bytes}; {@code truncated} when it was longer).
 */
public record HttpReply(int status, String retryAfter, byte[] body, boolean truncated) {
}
