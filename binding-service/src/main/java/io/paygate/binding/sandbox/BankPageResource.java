package io.paygate.binding.sandbox;

import io.paygate.binding.binding.Binding;
import io.paygate.binding.binding.BindingConfig;
import io.paygate.binding.binding.BindingMapper;
import io.paygate.binding.binding.BindingService.AuthorizationOutcome;
import io.paygate.binding.binding.BindingService;
import io.paygate.kit.auth.Merchants;
import io.paygate.kit.auth.Merchant;
import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.observability.Rejections;
import io.paygate.kit.web.PageHeaders;
import io.paygate.kit.web.PageLanguage;
import io.paygate.kit.web.PageTime;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.status.BindingStatus;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
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
import jakarta.ws.rs.core.UriBuilder;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import java.util.Optional;
import java.util.Set;

/**
 * The sandbox bank's authorization page ({@code authorizationUrl}, docs/contract.md §4): shows what the customer is
 * approving and takes the one-time code. Post/redirect/get: the form answers 303 back to the page with the
 * outcome, so a reload never re-submits a code. In the customer's language ({@link PageLanguage}: the switch's
 * {@code ?lang=}, its cookie, or {@code Accept-Language}), as the payment page is.
 */
@Path("/pg/bind/{bindingId}")
public class BankPageResource {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(BankPageView view);
    }

    /** The outcomes a 303 reports in {@code ?result=} that the page words; anything else shows nothing. */
    private static final Set<String> RESULTS = Set.of("WRONG_CODE", "TOO_MANY_ATTEMPTS");

    private final BindingService bindings;
    private final Merchants merchants;
    private final BindingConfig config;
    private final GatewayConfig gateway;
    private final HttpServerRequest request;
    private final PageHeaders pageHeaders;

    BankPageResource(BindingService bindings, Merchants merchants, BindingConfig config, GatewayConfig gateway,
                     HttpServerRequest request, PageHeaders pageHeaders) {
        this.bindings = bindings;
        this.merchants = merchants;
        this.config = config;
        this.gateway = gateway;
        this.request = request;
        this.pageHeaders = pageHeaders;
    }

    @GET
    @Produces(MediaType.TEXT_HTML)
    @Parameter(name = "lang", in = ParameterIn.QUERY, description = "The language switch: id (Bahasa Indonesia) or en; "
            + "kept in the paygate_lang cookie. Without it, the cookie or Accept-Language decides",
            schema = @Schema(enumeration = {"id", "en"}))
    @APIResponse(responseCode = "200", description = "The page")
    @APIResponse(responseCode = "403", description = "The merchant is suspended and the binding waits for approval: a "
            + "page saying the shop cannot take payments now, with code 4030205")
    public Response page(@PathParam("bindingId") String bindingId, @QueryParam("result") String result) {
        PageLanguage language = PageLanguage.of(request);
        Optional<Binding> binding = bindings.forPage(bindingId);
        if (binding.isEmpty()) {
            return html(404, BankPageView.unknown(language, bindingId));
        }
        Binding b = binding.get();
        Optional<Merchant> merchant = merchants.find(b.merchantId);
        if (b.status == BindingStatus.PENDING && merchant.map(Merchant::suspended).orElse(false)) {
            return suspended(language, b.id); // its form would be refused: none is shown (docs/contract.md §10)
        }
        String merchantName = merchant.map(Merchant::name).orElse(b.merchantId);
        int attemptsLeft = Math.max(0, config.maxOtpAttempts() - b.otpAttempts);
        String shown = expired(b) ? "EXPIRED" : result != null && RESULTS.contains(result) ? result : null;
        BankPageView view = new BankPageView(b.id, language.tag(), BankPageView.pagePath(b.id), merchantName,
                b.customerFirstName + " " + b.customerLastName, BindingMapper.maskedPhone(b.customerPhone),
                BindingMapper.bankName(b.sourceType), b.status.name(), attemptsLeft, shown,
                PageTime.format(b.expiresAt, gateway.timezone(), language), config.sandboxOtp(), PageHeaders.nonce());
        return html(expired(b) ? 410 : 200, view);
    }

    @POST
    @Path("/authorize")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @APIResponse(responseCode = "303", description = "Back to the page with the outcome")
    @APIResponse(responseCode = "403", description = "The merchant is suspended: a page saying the shop cannot take "
            + "payments now, with code 4030205; nothing was changed and the try was not counted")
    public Response authorize(@PathParam("bindingId") String bindingId, @FormParam("otp") String otp) {
        AuthorizationOutcome outcome = bindings.authorize(bindingId, otp);
        if (outcome == AuthorizationOutcome.UNKNOWN) {
            return html(404, BankPageView.unknown(PageLanguage.of(request), bindingId));
        }
        if (outcome == AuthorizationOutcome.MERCHANT_SUSPENDED) {
            return suspended(PageLanguage.of(request), bindingId);
        }
        // At the configured public address: a relative Location would be made absolute from the Host header.
        return Response.seeOther(UriBuilder.fromUri(config.publicBaseUrl().replaceAll("/+$", ""))
                .path("/pg/bind/{id}").queryParam("result", outcome.name()).build(bindingId)).build();
    }

    /** The merchant is suspended: 403, counted as the API's 403SS05 is (docs/contract.md §10). */
    private Response suspended(PageLanguage language, String bindingId) {
        Rejections.note(ErrorCase.MERCHANT_SUSPENDED, null);
        return html(BankPageView.SUSPENDED.httpStatus(), BankPageView.suspended(language, bindingId));
    }

    private static boolean expired(Binding binding) {
        return binding.status == BindingStatus.FAILED && "EXPIRED".equals(binding.failureReason);
    }

    private Response html(int status, BankPageView view) {
        PageLanguage language = PageLanguage.ofTag(view.lang());
        String html = Templates.page(view).setLocale(language.locale()).render();
        return pageHeaders.apply(Response.status(status).type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
                .entity(html), view.nonce(), language, request).build();
    }
}
