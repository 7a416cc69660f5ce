package io.paygate.payment.checkout;

import io.paygate.payment.checkout.BrandMarks.CardNetwork;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The hosted page's images that never change: the card networks' marks ({@link BrandMarks}), read once from the
 * classpath ({@code paygate/marks/}) and served from memory at {@code /pg/assets/marks/<file>-<hash>.svg}, where
 * {@code <hash>} is the start of the file's SHA-256. A changed file is a new address, so a browser or proxy may keep
 * each one a year without asking again ({@code immutable}); an address no file has (an old hash) is 404, never
 * cached. A Vert.x route, not a JAX-RS resource: an image costs no rate-limit bucket and no worker thread.
 */
@ApplicationScoped
public class PageAssets {

    static final String PREFIX = "/pg/assets/marks/";
    static final String CACHE_CONTROL = "public, max-age=31536000, immutable";
    /** An SVG opened on its own is a document: it may run nothing and load nothing. */
    static final String CSP = "default-src 'none'; sandbox";

    private record Asset(String path, byte[] body, String etag) {
    }

    private final Map<CardNetwork, Asset> networks;
    private final Map<String, Asset> byPath;
    private final List<BrandMarks.Mark> cardMarks;

    PageAssets() {
        networks = Arrays.stream(CardNetwork.values())
                .collect(Collectors.toMap(Function.identity(), n -> load(n.file()), (a, b) -> a,
                        () -> new EnumMap<>(CardNetwork.class)));
        byPath = networks.values().stream().collect(Collectors.toUnmodifiableMap(Asset::path, Function.identity()));
        cardMarks = networks.entrySet().stream()
                .map(e -> new BrandMarks.Mark(e.getKey().title(), e.getValue().path())).toList();
    }

    /** Every card network's mark, in the order the card form shows them. */
    public List<BrandMarks.Mark> cardMarks() {
        return cardMarks;
    }

    void serve(@Observes Router router) {
        router.route(PREFIX + "*").method(HttpMethod.GET).method(HttpMethod.HEAD).handler(this::handle);
    }

    private void handle(RoutingContext context) {
        Asset asset = byPath.get(context.normalizedPath());
        if (asset == null) {
            context.response().setStatusCode(404).putHeader(HttpHeaders.CACHE_CONTROL, "no-store").end();
            return;
        }
        context.response().putHeader(HttpHeaders.CACHE_CONTROL, CACHE_CONTROL)
                .putHeader(HttpHeaders.ETAG, asset.etag())
                .putHeader("X-Content-Type-Options", "nosniff")
                .putHeader("Cross-Origin-Resource-Policy", "same-origin")
                .putHeader("Content-Security-Policy", CSP);
        if (asset.etag().equals(context.request().getHeader(HttpHeaders.IF_NONE_MATCH))) {
            context.response().setStatusCode(304).end();
            return;
        }
        context.response().putHeader(HttpHeaders.CONTENT_TYPE, "image/svg+xml").end(Buffer.buffer(asset.body()));
    }

    private static Asset load(String file) {
        String resource = "paygate/marks/" + file + ".svg";
        try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing " + resource);
            }
            byte[] body = in.readAllBytes();
            String hash = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body), 0, 8);
            return new Asset(PREFIX + file + "-" + hash + ".svg", body, "\"" + hash + "\"");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
