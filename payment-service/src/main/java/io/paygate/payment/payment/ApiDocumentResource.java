package io.paygate.payment.payment;

import jakarta.inject.Singleton;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * {@code GET /pg/openapi.yaml}: the merchant's API document for the whole {@code {base_url}} (docs/openapi.yaml,
 * packaged into this jar), on the API port where merchants can reach it; each service's own document stays at
 * {@code /q/openapi} on the management port.
 */
@Path("/pg/openapi.yaml")
@Singleton
public class ApiDocumentResource {

    static final String DOCUMENT = "paygate/openapi.yaml";
    static final String MEDIA_TYPE = "application/yaml";

    private final byte[] document;

    ApiDocumentResource() {
        try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(DOCUMENT)) {
            if (in == null) {
                throw new IllegalStateException(DOCUMENT + " is not in the jar (payment-service/pom.xml copies it)");
            }
            document = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @GET
    @Operation(hidden = true)
    public Response document() {
        return Response.ok(document, MEDIA_TYPE + "; charset=utf-8")
                .header("Cache-Control", "public, max-age=300")
                .header("X-Content-Type-Options", "nosniff").build();
    }
}
