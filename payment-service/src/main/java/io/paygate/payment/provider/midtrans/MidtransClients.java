package io.paygate.payment.provider.midtrans;

import io.paygate.model.json.Json;
import io.paygate.payment.payment.PaymentConfig;
import io.paygate.payment.provider.CardDetails;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.client.api.LoggingScope;

import java.net.URI;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The Core API clients, one per merchant (each has its own base URL), built once with {@link QuarkusRestClientBuilder}:
 * connect and read timeouts on every call, request logging off (the token call's URL carries card data), and retries
 * with a doubling backoff for the status inquiry only, on no answer or a 5xx. The token call is never repeated: it
 * carries the card number, CVV and expiry in its query, and every copy of it is one more place they travel through
 * (a failed one simply fails the submission; the customer may try again). The charge is never repeated either: its
 * order id makes a second one a duplicate (406), and an unknown outcome is left to reconciliation. A cancel is retried
 * like the status inquiry (cancelling twice is harmless); a refund is sent once per call, its {@code refund_key} making
 * a later resend (refund reconciliation) the same refund.
 */
@ApplicationScoped
public class MidtransClients {

    private final Map<String, MidtransApi> clients = new ConcurrentHashMap<>();
    private final PaymentConfig.Midtrans config;

    MidtransClients(PaymentConfig config) {
        this.config = config.midtrans();
    }

    MidtransAnswer token(MidtransAccount account, CardDetails card) {
        return once("token", () -> client(account).token(account.clientKey(), card.number(),
                "%02d".formatted(card.expiryMonth()), Integer.toString(card.expiryYear()), card.cvv()));
    }

    MidtransAnswer charge(MidtransAccount account, Map<String, Object> body) {
        return once("charge", () -> client(account).charge(account.basicAuthorization(), Json.write(body)));
    }

    MidtransAnswer status(MidtransAccount account, String orderId) {
        return retried("status", () -> client(account).status(account.basicAuthorization(), orderId));
    }

    MidtransAnswer cancel(MidtransAccount account, String orderId) {
        return retried("cancel", () -> client(account).cancel(account.basicAuthorization(), orderId, "{}"));
    }

    MidtransAnswer refund(MidtransAccount account, String orderId, Map<String, Object> body, boolean direct) {
        return once(direct ? "direct refund" : "refund", () -> direct
                ? client(account).directRefund(account.basicAuthorization(), orderId, Json.write(body))
                : client(account).refund(account.basicAuthorization(), orderId, Json.write(body)));
    }

    private MidtransAnswer retried(String call, Supplier<Response> request) {
        long wait = config.retryBackoff().toMillis();
        for (int attempt = 0; ; attempt++) {
            try {
                MidtransAnswer answer = once(call, request);
                if (answer.httpStatus() < 500 || attempt >= config.retries()) {
                    return answer;
                }
            } catch (MidtransUnavailable e) {
                if (attempt >= config.retries()) {
                    throw e;
                }
            }
            sleep(wait << attempt);
        }
    }

    private static MidtransAnswer once(String call, Supplier<Response> request) {
        try (Response response = request.get()) {
            String body = response.hasEntity() ? response.readEntity(String.class) : "";
            try {
                return new MidtransAnswer(response.getStatus(), body.isBlank() ? null : Json.tree(body));
            } catch (RuntimeException notJson) {
                throw new MidtransUnavailable("midtrans " + call + ": HTTP " + response.getStatus()
                        + " with a body that is not JSON");
            }
        } catch (MidtransUnavailable e) {
            throw e;
        } catch (RuntimeException e) {
            // the message may carry the request URL (card data in the token call): name the exception only
            throw new MidtransUnavailable("midtrans " + call + ": " + e.getClass().getSimpleName());
        }
    }

    private MidtransApi client(MidtransAccount account) {
        return clients.computeIfAbsent(account.merchantId() + " " + account.baseUrl(), key ->
                QuarkusRestClientBuilder.newBuilder()
                        .baseUri(URI.create(account.baseUrl()))
                        .connectTimeout(config.connectTimeout().toMillis(), TimeUnit.MILLISECONDS)
                        .readTimeout(config.readTimeout().toMillis(), TimeUnit.MILLISECONDS)
                        .followRedirects(false)
                        .disableDefaultMapper(true)
                        .loggingScope(LoggingScope.NONE)
                        .build(MidtransApi.class));
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MidtransUnavailable("midtrans: interrupted");
        }
    }
}
