package io.paygate.payment.provider.midtrans;

/**
 * Midtrans could not be asked or did not answer usably (network, timeout, 5xx, an answer that is not JSON): the
 * outcome of the call is unknown. The message says which call and why, never a key, token or card datum, and no
 * cause is kept (a client exception's message may carry the request URL, which for the token call holds card data).
 */
public final class MidtransUnavailable extends RuntimeException {

    public MidtransUnavailable(String message) {
        super(message, null, false, false);
    }
}
