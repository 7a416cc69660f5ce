package io.paygate.payment.sandbox;

import io.paygate.kit.db.DatabaseOutage;
import io.paygate.kit.web.PageHeaders;
import io.paygate.kit.web.PageLanguage;
import io.paygate.model.api.Patterns;
import io.paygate.payment.checkout.QrImageReader;
import io.paygate.payment.payment.PaymentConfig;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.RestForm;
import org.jboss.resteasy.reactive.multipart.FileUpload;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * The sandbox provider's customer pages (docs/contract.md §2a "Sandbox"), each marked as sandbox, in the customer's language:
 * a bank app that pays a virtual account or Mandiri bill by number, a QRIS app that pays a pasted payload or an
 * uploaded QR image, the wallet behind a wallet charge's {@code appurl} (approve with the PIN, or decline), and a
 * store's cashier. Forms post {@code application/x-www-form-urlencoded} (the QRIS app also
 * {@code multipart/form-data}, for the image) and answer with what happened: paid (200), declined (200), refused
 * with the reason (409), unknown (404), or the form again with what to fix (400). Absent (404) when
 * {@code gateway.payment.sandbox-enabled=false}, like their ops-token JSON twins ({@code sandbox.SandboxAppsResource}).
 */
@Path("/pg/sandbox")
@Produces(MediaType.TEXT_HTML)
@Tag(name = "Sandbox pages", description = "The sandbox's customer pages (docs/contract.md §2a): HTML, no authentication; "
        + "absent in production")
public class SandboxPagesResource {

    private static final Logger LOG = Logger.getLogger(SandboxPagesResource.class);
    /** What an upload may weigh: the body limit (64 KiB) leaves a little for the form around it. */
    private static final long MAX_IMAGE_BYTES = 60 * 1024;

    private final SandboxPayApps apps;
    private final SandboxPages pages;
    private final PaymentConfig config;
    private final Template template;
    private final HttpServerRequest request;
    private final PageHeaders pageHeaders;

    SandboxPagesResource(SandboxPayApps apps, SandboxPages pages, PaymentConfig config,
                         @Location("sandbox.html") Template template, HttpServerRequest request,
                         PageHeaders pageHeaders) {
        this.apps = apps;
        this.pages = pages;
        this.config = config;
        this.template = template;
        this.request = request;
        this.pageHeaders = pageHeaders;
    }

    @GET
    @Path("/bank-app")
    @Operation(operationId = "showSandboxBankApp",
            summary = "The sandbox bank app; with accountNumber, what that virtual account or bill pays")
    @APIResponse(responseCode = "200", description = "The page")
    public Response bankApp(@QueryParam("accountNumber") String accountNumber) {
        return enabled(() -> render(pages.bank(language(), accountNumber, Map.of()), null));
    }

    @POST
    @Path("/bank-app")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(operationId = "payInSandboxBankApp",
            summary = "The bank app pays: form accountNumber (VA number or Mandiri bill key), amount")
    @APIResponse(responseCode = "200", description = "Paid; the provider notifies payment-service")
    @APIResponse(responseCode = "400", description = "The form again, with what to fix")
    @APIResponse(responseCode = "404", description = "No open virtual account or bill has this number")
    @APIResponse(responseCode = "409", description = "Refused: wrong amount, expired, cancelled, already paid")
    public Response payBank(@FormParam("accountNumber") String accountNumber, @FormParam("amount") String amount) {
        Map<String, String> values = values("accountNumber", accountNumber, "amount", amount);
        return enabled(() -> pay("bank", SandboxPages.BANK, pages.bank(language(), null, values),
                () -> apps.payVirtualAccount(accountNumber, amountOf(amount)), false));
    }

    @GET
    @Path("/qris-app")
    @Operation(operationId = "showSandboxQrisApp",
            summary = "The sandbox QRIS app")
    @APIResponse(responseCode = "200", description = "The page")
    public Response qrisApp() {
        return enabled(() -> render(pages.qris(language(), Map.of()), null));
    }

    @POST
    @Path("/qris-app")
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    @Operation(operationId = "payInSandboxQrisApp",
            summary = "The QRIS app pays: payload (the QR's text), or image (the QR as PNG or JPEG, up to 60 KiB)")
    @APIResponse(responseCode = "200", description = "Paid; the provider notifies payment-service")
    @APIResponse(responseCode = "400", description = "The form again: not a valid QRIS code (e.g. a wrong CRC), or no "
            + "QR in the image")
    @APIResponse(responseCode = "404", description = "No open QRIS payment has this code")
    @APIResponse(responseCode = "409", description = "Refused: wrong amount, changed, expired, cancelled, already paid")
    public Response payQrisUpload(@RestForm("payload") String payload, @RestForm("image") FileUpload image) {
        return enabled(() -> payQris(payload, image));
    }

    @POST
    @Path("/qris-app")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(operationId = "payInSandboxQrisAppByText",
            summary = "The QRIS app pays: payload (the QR's text)")
    @APIResponse(responseCode = "200", description = "Paid; the provider notifies payment-service")
    @APIResponse(responseCode = "400", description = "The form again: not a valid QRIS code (e.g. a wrong CRC)")
    @APIResponse(responseCode = "404", description = "No open QRIS payment has this code")
    @APIResponse(responseCode = "409", description = "Refused: wrong amount, changed, expired, cancelled, already paid")
    public Response payQrisForm(@FormParam("payload") String payload) {
        return enabled(() -> payQris(payload, null));
    }

    @GET
    @Path("/wallet/{reference}")
    @Operation(operationId = "showSandboxWallet",
            summary = "The sandbox wallet (a wallet charge's appurl; OVO's push): approve with the PIN or decline")
    @APIResponse(responseCode = "200", description = "The page")
    @APIResponse(responseCode = "404", description = "No wallet payment has this reference")
    @APIResponse(responseCode = "410", description = "The payment no longer waits for approval")
    public Response wallet(@PathParam("reference") String reference) {
        return enabled(() -> pages.wallet(language(), reference, Map.of()).map(view -> render(view, null))
                .orElseGet(() -> render(pages.notFound(language()), null)));
    }

    /** The wallet page's form; documented with its JSON twin on the same path (one OpenAPI operation per path). */
    @POST
    @Path("/wallet/{reference}")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response answerWallet(@PathParam("reference") String reference, @FormParam("action") String action,
                                 @FormParam("pin") String pin) {
        return enabled(() -> {
            var shown = pages.wallet(language(), reference, Map.of());
            if (shown.isEmpty()) {
                return render(pages.notFound(language()), null);
            }
            boolean decline = "decline".equalsIgnoreCase(action == null ? "" : action.strip());
            return pay("wallet", SandboxPages.WALLET + reference, shown.get(),
                    () -> apps.wallet(reference, action, pin), decline);
        });
    }

    @GET
    @Path("/cashier")
    @Operation(operationId = "showSandboxCashier",
            summary = "The sandbox cashier; with store and paymentCode, what that code pays")
    @APIResponse(responseCode = "200", description = "The page")
    public Response cashier(@QueryParam("store") String store, @QueryParam("paymentCode") String paymentCode) {
        return enabled(() -> render(pages.cashier(language(), paymentCode,
                values("store", store, "paymentCode", paymentCode)), null));
    }

    @POST
    @Path("/cashier")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(operationId = "payAtSandboxCashier",
            summary = "The cashier takes a store code: form store (ALFAMART | INDOMARET), paymentCode, amount")
    @APIResponse(responseCode = "200", description = "Paid; the provider notifies payment-service")
    @APIResponse(responseCode = "400", description = "The form again, with what to fix")
    @APIResponse(responseCode = "404", description = "No open store payment has this code")
    @APIResponse(responseCode = "409", description = "Refused: wrong amount, expired, cancelled, already paid")
    public Response payCashier(@FormParam("store") String store, @FormParam("paymentCode") String paymentCode,
                               @FormParam("amount") String amount) {
        Map<String, String> values = values("store", store, "paymentCode", paymentCode, "amount", amount);
        return enabled(() -> pay("cashier", SandboxPages.CASHIER, pages.cashier(language(), null, values),
                () -> apps.payStore(store, paymentCode, amountOf(amount)), false));
    }

    /** Errors on these paths are pages too. */
    @ServerExceptionMapper
    public Response pageError(Throwable e) {
        if (e instanceof jakarta.ws.rs.WebApplicationException w && w.getResponse().getStatus() < 500) {
            return render(pages.notFound(language()), null);
        }
        if (DatabaseOutage.isCause(e)) {
            LOG.debugf("sandbox page answered 503: %s", DatabaseOutage.describe(e));
            return Response.status(503).type(MediaType.TEXT_PLAIN_TYPE).entity("Temporarily unavailable")
                    .header("Retry-After", DatabaseOutage.RETRY_AFTER_SECONDS).build();
        }
        LOG.errorf(e, "Unexpected failure on a sandbox page (incident %s)", UUID.randomUUID());
        return Response.status(500).type(MediaType.TEXT_PLAIN_TYPE).entity("Something went wrong").build();
    }

    private Response payQris(String payload, FileUpload image) {
        Map<String, String> values = values("payload", payload);
        SandboxPageView form = pages.qris(language(), values);
        String text = payload == null ? "" : payload.strip();
        if (image != null && image.size() > 0) {
            try {
                text = qrOf(image);
            } catch (SandboxRefusal refusal) {
                return render(pages.fix(form, refusal.field(), refusal, language()), refusal);
            }
        }
        String scanned = text;
        if (scanned.isEmpty()) {
            SandboxRefusal refusal = SandboxRefusal.invalidQr("payload is empty");
            return render(pages.fix(form, refusal.field(), refusal, language()), refusal);
        }
        return pay("qris", SandboxPages.QRIS, form, () -> apps.payQris(scanned), false);
    }

    private static String qrOf(FileUpload image) {
        if (image.size() > MAX_IMAGE_BYTES) {
            throw SandboxRefusal.invalid("image", "image is larger than 60 KiB");
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(image.uploadedFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return QrImageReader.read(bytes).map(String::strip)
                .orElseThrow(() -> SandboxRefusal.invalid("image", "no QR code could be read in the image"));
    }

    /** Runs a sandbox app's action and shows what it did; a malformed input shows {@code form} again. */
    private Response pay(String app, String appPath, SandboxPageView form, Supplier<SandboxPayApps.OpenCharge> action,
                         boolean declining) {
        SandboxPayApps.OpenCharge done;
        try {
            done = action.get();
        } catch (SandboxRefusal refusal) {
            // a malformed input, or a wrong PIN, is typed again on the same form; anything else ends here
            SandboxPageView view = refusal.kind() == SandboxRefusal.Kind.INVALID
                    ? pages.fix(form, refusal.field(), refusal, language())
                    : refusal.reason() == SandboxRefusal.Reason.WRONG_PIN ? pages.fix(form, "pin", refusal, language())
                    : pages.refused(app, appPath, refusal, language());
            return render(view, refusal);
        }
        return render(pages.outcome(app, appPath, done, declining, language()), null);
    }

    private Response enabled(Supplier<Response> page) {
        return config.sandboxEnabled() ? page.get() : render(pages.notFound(language()), null);
    }

    /** A form's amount as the apps take it: rupiah, at most two decimals; anything else is a field to fix. */
    private static BigDecimal amountOf(String amount) {
        String stripped = amount == null ? "" : amount.strip();
        if (!stripped.matches(Patterns.ORDER_AMOUNT)) {
            throw SandboxRefusal.invalid("amount", "amount is the amount to pay");
        }
        return new BigDecimal(stripped);
    }

    /** Form values to show again (never more than a form field holds). */
    private static Map<String, String> values(String... namesAndValues) {
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i + 1 < namesAndValues.length; i += 2) {
            String value = namesAndValues[i + 1];
            if (value != null) {
                String stripped = value.strip();
                values.put(namesAndValues[i], stripped.length() > 600 ? stripped.substring(0, 600) : stripped);
            }
        }
        return values;
    }

    private PageLanguage language() {
        return PageLanguage.of(request);
    }

    private Response render(SandboxPageView view, SandboxRefusal refusal) {
        PageLanguage language = PageLanguage.ofTag(view.lang());
        String html = template.data("v", view).setLocale(language.locale()).render();
        return pageHeaders.apply(Response.status(SandboxPages.status(view, refusal))
                .type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8")).entity(html), view.nonce(), language, request)
                .build();
    }
}
