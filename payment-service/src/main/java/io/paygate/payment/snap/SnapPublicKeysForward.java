package io.paygate.payment.snap;

import io.paygate.kit.error.ApiException;
import io.paygate.model.error.ErrorCase;
import io.paygate.payment.payment.PaymentConfig;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;

/**
 * On the local stack, the merchant's SNAP notification keys at {@code {base_url}} (docs/contract.md §9): the SNAP paths'
 * base URL there is payment-service's, and no Ingress routes {@code /pg/snap/} to notification-service as in
 * production, so this forwards {@code GET /pg/snap/public-keys/{clientKey}.pem} and the withdrawn
 * {@code /pg/snap/public-key.pem} to notification-service ({@code gateway.payment.snap-public-keys-from}, set by the
 * launcher) and answers what it answered. Without that setting the routes do not exist here (404), as in production,
 * where this service never sees those paths. Not in the merchant's API document: notification-service's operations
 * are.
 */
@Path("/pg/snap")
public class SnapPublicKeysForward {

    private static final Logger LOG = Logger.getLogger(SnapPublicKeysForward.class);
    /** docs/contract.md §9: a client key is 1–64 characters; anything longer is no merchant's. */
    private static final int MAX_CLIENT_KEY = 64;

    private final Optional<String> notificationService;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2))
            .followRedirects(HttpClient.Redirect.NEVER).build();

    SnapPublicKeysForward(PaymentConfig config) {
        this.notificationService = config.snapPublicKeysFrom().map(url -> url.endsWith("/")
                ? url.substring(0, url.length() - 1) : url);
    }

    @GET
    @Path("/public-keys/{clientKey}.pem")
    @Operation(hidden = true)
    public Response publicKeys(@PathParam("clientKey") String clientKey) {
        if (clientKey.length() > MAX_CLIENT_KEY) {
            throw ApiException.notFound();
        }
        return forward("/pg/snap/public-keys/" + URLEncoder.encode(clientKey, StandardCharsets.UTF_8)
                .replace("+", "%20") + ".pem");
    }

    @GET
    @Path("/public-key.pem")
    @Operation(hidden = true)
    public Response withdrawn() {
        return forward("/pg/snap/public-key.pem");
    }

    private Response forward(String path) {
        String base = notificationService.orElseThrow(() -> ApiException.of(ErrorCase.ROUTE_NOT_FOUND, null));
        try {
            HttpResponse<byte[]> reply = http.send(HttpRequest.newBuilder(URI.create(base + path))
                    .timeout(Duration.ofSeconds(5)).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
            Response.ResponseBuilder answer = Response.status(reply.statusCode()).entity(reply.body());
            reply.headers().firstValue("Content-Type").ifPresent(type -> answer.header("Content-Type", type));
            reply.headers().firstValue("Cache-Control").ifPresent(cache -> answer.header("Cache-Control", cache));
            return answer.build();
        } catch (IOException e) {
            LOG.warnf("SNAP public keys: notification-service did not answer (%s)", e.getClass().getSimpleName());
            throw ApiException.of(ErrorCase.SERVICE_UNAVAILABLE, null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ApiException.of(ErrorCase.SERVICE_UNAVAILABLE, null);
        }
    }
}
