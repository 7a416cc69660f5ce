package io.paygate.payment.checkout;

import io.paygate.kit.db.DatabaseOutage;
import io.paygate.kit.error.ApiException;
import io.paygate.kit.observability.Rejections;
import io.paygate.kit.ratelimit.RateLimits;
import io.paygate.kit.web.PageHeaders;
import io.paygate.kit.web.PageLanguage;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.error.ErrorResponse;
import io.paygate.model.error.ResponseCode;
import io.paygate.model.error.ServiceCode;
import io.paygate.payment.payment.GatewayTime;
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
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;


import java.net.URI;
import java.time.YearMonth;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The hosted payment page (docs/contract.md §2), server-rendered HTML: {@code GET /pg/pay/{code}} shows the payment in its
 * current state; the forms post here and are answered with 303 back to the page (or the page again, 400, with
 * what to fix). Errors on these paths are pages, never JSON. Every page is in the customer's language
 * ({@link PageLanguage}: the switch's {@code ?lang=}, its cookie, or {@code Accept-Language}).
 */
@Path("/pg/pay/{paymentCode}")
public class PaymentPageResource {

    private static final Logger LOG = Logger.getLogger(PaymentPageResource.class);
    /** {@code ?from=bank}: this browser is back from the provider's 3-D Secure page (a view, never a state). */
    static final String FROM_BANK = "bank";
    private static final String SUSPENDED_FORM = "The merchant is suspended: a page saying the shop cannot take "
            + "payments now, with code 4030805; nothing was changed or charged";

    private final CheckoutService checkout;
    private final PageViews views;
    private final Template page;
    private final GatewayTime time;
    private final HttpServerRequest request;
    private final PageHeaders pageHeaders;

    PaymentPageResource(CheckoutService checkout, PageViews views, @Location("page.html") Template page,
                        GatewayTime time, HttpServerRequest request,
                        PageHeaders pageHeaders) {
        this.checkout = checkout;
        this.views = views;
        this.page = page;
        this.time = time;
        this.request = request;
        this.pageHeaders = pageHeaders;
    }

    @GET
    @Produces(MediaType.TEXT_HTML)
    @Parameter(name = "lang", in = ParameterIn.QUERY, description = "The language switch: id (Bahasa Indonesia) or en; "
            + "kept in the paygate_lang cookie. Without it, the cookie or Accept-Language decides",
            schema = @Schema(enumeration = {"id", "en"}))
    @APIResponse(responseCode = "200", description = "The page: merchant, order, amount, time left, payment methods")
    @APIResponse(responseCode = "403", description = "The merchant is suspended and the payment still waits for a "
            + "method (or for 3-D Secure on this page): a page saying the shop cannot take payments now, with code "
            + "4030805")
    public Response show(@PathParam("paymentCode") String paymentCode, @QueryParam("from") String from) {
        Optional<Checkout> found = checkout.find(paymentCode);
        if (found.isEmpty()) {
            return render(views.bare("notfound", language(), paymentCode));
        }
        Checkout c = found.get();
        return render(views.of(c, language(), checkout.bindingsFor(c), Map.of(), null, Map.of(),
                FROM_BANK.equals(from)));
    }

    /**
     * What the page polls while it waits: the payment's status, whether 3-D Secure waits, and the method whose charge
     * is open now ({@code method}, {@code chargeOpen}), so the instructions view notices a payment, an expiry or a
     * method chosen in another tab.
     */
    @GET
    @Path("/state")
    @APIResponse(responseCode = "200", description = "responseCode, responseMessage, status, awaitingOtp, method (the "
            + "method of the current open charge, or null), chargeOpen")
    @Produces(MediaType.APPLICATION_JSON)
    public Response state(@PathParam("paymentCode") String paymentCode) {
        return checkout.find(paymentCode)
                .map(c -> Response.ok(stateOf(c)))
                .orElseGet(() -> Response.status(404)
                        .entity(ErrorResponse.of(ServiceCode.HOSTED_PAGE, ErrorCase.NOT_FOUND)))
                .type(MediaType.APPLICATION_JSON_TYPE).header("Cache-Control", "no-store").build();
    }

    private static Map<String, Object> stateOf(Checkout c) {
        boolean open = c.charge() != null && c.charge().open();
        Map<String, Object> state = new LinkedHashMap<>();
        state.put("responseCode", ResponseCode.SUCCESS_CODE);
        state.put("responseMessage", ResponseCode.SUCCESS_MESSAGE);
        state.put("status", c.status().name());
        state.put("awaitingOtp", c.awaitingOtp());
        state.put("method", open ? c.charge().method().name() : null);
        state.put("chargeOpen", open);
        return state;
    }

    @POST
    @Path("/card")
    @APIResponse(responseCode = "303",
            description = "Accepted: back to the page, which shows processing and the result")
    @APIResponse(responseCode = "403", description = SUSPENDED_FORM)
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.TEXT_HTML)
    public Response card(@PathParam("paymentCode") String paymentCode,
                         @FormParam("cardNumber") String cardNumber, @FormParam("expiryMonth") String expiryMonth,
                         @FormParam("expiryYear") String expiryYear, @FormParam("cvv") String cvv,
                         @FormParam("cardholderName") String cardholderName,
                         @FormParam("saveCard") String saveCard) {
        Checkout c = checkout.formOf(paymentCode);
        boolean save = "on".equals(saveCard); // docs/contract.md §1b: a form posted without it stores nothing
        if (!c.payable(time.now())) {
            return backToPage(paymentCode);
        }
        CardValidator.Result result = CardValidator.check(cardNumber, expiryMonth, expiryYear, cvv, cardholderName,
                YearMonth.now(time.zone()));
        if (!result.valid()) {
            // Never echo the card number or CVV back into the page.
            Map<String, String> values = new LinkedHashMap<>();
            values.put("expiryMonth", safe(expiryMonth, 2));
            values.put("expiryYear", safe(expiryYear, 4));
            values.put("cardholderName", safe(cardholderName, 64));
            values.put("saveCard", save ? "on" : "off");
            return render(views.of(c, language(), checkout.bindingsFor(c), result.errors(), null, values, false), 400);
        }
        try {
            checkout.payByCard(paymentCode, result.card(), save);
        } catch (CheckoutRefused e) {
            return render(views.of(c, language(), checkout.bindingsFor(c), Map.of(), e.reason(), Map.of(), false), 400);
        }
        return backToPage(paymentCode);
    }

    /**
     * Where a provider's own 3-D Secure page (Midtrans) sends the customer back. It changes nothing (anyone may GET
     * it, before or without 3-D Secure): it only sends this browser to the page with {@code ?from=bank}, which shows
     * processing until the provider decides, and still links to the bank's page in case the customer did not finish.
     */
    @GET
    @Path("/3ds-return")
    @APIResponse(responseCode = "303", description = "To the page, which shows processing and then the result")
    @Produces(MediaType.TEXT_HTML)
    public Response returnFromChallenge(@PathParam("paymentCode") String paymentCode) {
        checkout.find(paymentCode).orElseThrow(ApiException::notFound);
        return Response.seeOther(URI.create(checkout.pageUrl(paymentCode) + "?from=" + FROM_BANK)).build();
    }

    @POST
    @Path("/otp")
    @APIResponse(responseCode = "303", description = "Back to the page")
    @APIResponse(responseCode = "403", description = SUSPENDED_FORM)
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.TEXT_HTML)
    public Response otp(@PathParam("paymentCode") String paymentCode,
                        @FormParam("otp") String otp) {
        try {
            checkout.answerChallenge(paymentCode, otp);
        } catch (CheckoutRefused e) {
            Checkout c = checkout.find(paymentCode).orElseThrow(ApiException::notFound);
            return render(views.of(c, language(), List.of(), Map.of(e.field(), e.reason()), null, Map.of(), false), 400);
        }
        return backToPage(paymentCode);
    }

    @POST
    @Path("/directdebit")
    @APIResponse(responseCode = "303", description = "Accepted: back to the page")
    @APIResponse(responseCode = "403", description = SUSPENDED_FORM)
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.TEXT_HTML)
    public Response directDebit(@PathParam("paymentCode") String paymentCode,
                                @FormParam("bindingId") String bindingId) {
        try {
            checkout.payByDirectDebit(paymentCode, bindingId == null ? null : bindingId.strip());
        } catch (CheckoutRefused e) {
            Checkout c = checkout.find(paymentCode).orElseThrow(ApiException::notFound);
            return render(views.of(c, language(), checkout.bindingsFor(c), Map.of(), e.reason(), Map.of(), false), 400);
        }
        return backToPage(paymentCode);
    }

    @POST
    @Path("/method")
    @APIResponse(responseCode = "303", description = "Back to the page, which shows the method's instructions")
    @APIResponse(responseCode = "403", description = SUSPENDED_FORM)
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.TEXT_HTML)
    public Response method(@PathParam("paymentCode") String paymentCode,
                           @FormParam("type") String type) {
        try {
            checkout.chooseMethod(paymentCode, PaymentMethod.fromCode(type).orElse(null));
        } catch (CheckoutRefused e) {
            Checkout c = checkout.find(paymentCode).orElseThrow(ApiException::notFound);
            return render(views.of(c, language(), checkout.bindingsFor(c), Map.of(), e.reason(), Map.of(), false), 400);
        }
        return backToPage(paymentCode);
    }

    /** Errors on the page's paths are pages too. */
    @ServerExceptionMapper
    public Response pageError(Throwable e) {
        if (e instanceof ShopSuspended) {
            return render(bare(PageViews.SUSPENDED));
        }
        if (e instanceof ApiException api && api.errorCase() == ErrorCase.NOT_FOUND) {
            return render(bare("notfound"));
        }
        if (e instanceof ApiException || e instanceof jakarta.ws.rs.WebApplicationException) {
            int status = e instanceof ApiException api ? api.errorCase().httpStatus()
                    : ((jakarta.ws.rs.WebApplicationException) e).getResponse().getStatus();
            if (status < 500) {
                return render(bare("error"), status);
            }
        }
        if (DatabaseOutage.isCause(e)) {
            // Nothing was read or written: the customer may try again in a moment (one WARN line: ErrorMappers').
            LOG.debugf("hosted page answered 503: %s", DatabaseOutage.describe(e));
            return Response.fromResponse(render(bare("unavailable")))
                    .header(RateLimits.RETRY_AFTER, DatabaseOutage.RETRY_AFTER_SECONDS).build();
        }
        LOG.errorf(e, "Unexpected failure on the hosted page (incident %s)", UUID.randomUUID());
        return render(bare("error"));
    }

    /** 303 to the page, at the configured public address: never one built from the request's Host header. */
    private Response backToPage(String paymentCode) {
        return Response.seeOther(URI.create(checkout.pageUrl(paymentCode))).build();
    }

    private PageLanguage language() {
        return PageLanguage.of(request);
    }

    /** A page without a payment, for the code in this request's path (the language switch comes back there). */
    private PageView bare(String view) {
        String[] segments = request.path().split("/");   // "", "pg", "pay", code, ...
        return views.bare(view, language(), segments.length > 3 ? segments[3] : null);
    }

    private Response render(PageView view) {
        return render(view, PageViews.httpStatus(view.view()));
    }

    private Response render(PageView view, int status) {
        if (PageViews.SUSPENDED.equals(view.view())) {
            Rejections.note(ErrorCase.MERCHANT_SUSPENDED, null); // in the access log, as the API's 403SS05 is
        }
        PageLanguage language = PageLanguage.ofTag(view.lang());
        String html = page.data("v", view).setLocale(language.locale()).render();
        return pageHeaders.apply(Response.status(status).type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
                .entity(html), view.nonce(), language, request).build();
    }

    private static String safe(String value, int max) {
        if (value == null) {
            return "";
        }
        String stripped = value.strip();
        return stripped.length() > max ? stripped.substring(0, max) : stripped;
    }
}
