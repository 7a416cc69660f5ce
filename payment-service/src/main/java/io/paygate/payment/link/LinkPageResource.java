package io.paygate.payment.link;

import io.paygate.kit.db.DatabaseOutage;
import io.paygate.kit.observability.Rejections;
import io.paygate.kit.ratelimit.RateLimits;
import io.paygate.kit.web.PageHeaders;
import io.paygate.kit.web.PageLanguage;
import io.paygate.model.error.ErrorCase;
import io.paygate.payment.payment.PublicUrls;
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
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The payment link's page (docs/contract.md §11), server-rendered HTML like the hosted payment page and with its page
 * rules (§2: both languages, {@link PageHeaders}, nothing leaves by itself): {@code GET /pg/link/{linkCode}} shows the
 * merchant, the description, the amount (or a field for it within the link's bounds) and, when the link names no
 * customer, fields for the customer's name and e-mail or mobile number; the form posts to the same address and is
 * answered with 303 to the new payment's hosted page, or the page again with the field's error (400), nothing made.
 * A link that cannot start a payment says why: expired, inactive, paid (410), being paid (409), no method left (409),
 * its merchant suspended (403, code 4030805), unknown (404).
 */
@Path("/pg/link/{linkCode}")
public class LinkPageResource {

    private static final Logger LOG = Logger.getLogger(LinkPageResource.class);

    private final LinkPages pages;
    private final LinkForm form;
    private final LinkStarts starts;
    private final PublicUrls urls;
    private final Template template;
    private final HttpServerRequest request;
    private final PageHeaders pageHeaders;

    LinkPageResource(LinkPages pages, LinkForm form, LinkStarts starts, PublicUrls urls,
                     @Location("link.html") Template template, HttpServerRequest request, PageHeaders pageHeaders) {
        this.pages = pages;
        this.form = form;
        this.starts = starts;
        this.urls = urls;
        this.template = template;
        this.request = request;
        this.pageHeaders = pageHeaders;
    }

    @GET
    @Produces(MediaType.TEXT_HTML)
    @Parameter(name = "lang", in = ParameterIn.QUERY, description = "The language switch: id (Bahasa Indonesia) or en; "
            + "kept in the paygate_lang cookie. Without it, the cookie or Accept-Language decides",
            schema = @Schema(enumeration = {"id", "en"}))
    @APIResponse(responseCode = "200", description = "The page: merchant, description, amount (or its field), and the "
            + "customer's fields when the link names no customer")
    public Response show(@PathParam("linkCode") String linkCode) {
        PageLanguage language = language();
        return render(pages.find(linkCode).map(l -> pages.show(l, language))
                .orElseGet(() -> pages.notFound(language, LinkPages.path(linkCode))));
    }

    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.TEXT_HTML)
    @APIResponse(responseCode = "303", description = "A payment was made: to its hosted page, /pg/pay/{paymentCode}")
    @APIResponse(responseCode = "400", description = "The page again with the field's error (amount, name, email, "
            + "phone); nothing was made")
    public Response start(@PathParam("linkCode") String linkCode, @FormParam("amount") String amount,
                          @FormParam("name") String name, @FormParam("email") String email,
                          @FormParam("phone") String phone) {
        PageLanguage language = language();
        Optional<LinkRow> found = pages.find(linkCode);
        if (found.isEmpty()) {
            return render(pages.notFound(language, LinkPages.path(linkCode)));
        }
        LinkRow l = found.get();
        LinkPageView shown = pages.show(l, language);
        if (!LinkPages.FORM.equals(shown.view())) {
            return render(shown); // nothing of the form is read for a link that cannot start a payment
        }
        Map<String, String> values = new LinkedHashMap<>();
        values.put("amount", clip(amount, 20));
        values.put("name", clip(name, 120));
        values.put("email", clip(email, 254));
        values.put("phone", clip(phone, 24));
        LinkForm.Checked checked = form.check(l, amount, name, email, phone);
        if (!checked.ok()) {
            return render(pages.form(l, language, checked.problems(), values), 400);
        }
        try {
            String paymentCode = starts.start(linkCode, checked.amount(), checked.customer(), language);
            return Response.seeOther(URI.create(urls.page(paymentCode))).build();
        } catch (LinkStartRefused e) {
            if (e.reason() == LinkStartRefused.Reason.AMOUNT) {
                return render(pages.form(l, language, Map.of("amount", LinkForm.Problem.AMOUNT_OUT_OF_RANGE), values),
                        400);
            }
            return render(pages.refused(e.reason(), l, language)); // changed since the page read it (another start)
        }
    }

    /** Errors on the page's paths are pages too. */
    @ServerExceptionMapper
    public Response pageError(Throwable e) {
        String path = LinkPages.path(linkCodeOfPath());
        if (e instanceof jakarta.ws.rs.WebApplicationException w && w.getResponse().getStatus() < 500) {
            return render(pages.notFound(language(), path), w.getResponse().getStatus());
        }
        if (DatabaseOutage.isCause(e)) {
            LOG.debugf("link page answered 503: %s", DatabaseOutage.describe(e));
            return Response.fromResponse(render(pages.failure("unavailable", language(), path)))
                    .header(RateLimits.RETRY_AFTER, DatabaseOutage.RETRY_AFTER_SECONDS).build();
        }
        LOG.errorf(e, "Unexpected failure on the link page (incident %s)", UUID.randomUUID());
        return render(pages.failure("error", language(), path));
    }

    private String linkCodeOfPath() {
        String[] segments = request.path().split("/"); // "", "pg", "link", code
        return segments.length > 3 ? segments[3] : null;
    }

    private PageLanguage language() {
        return PageLanguage.of(request);
    }

    private Response render(LinkPageView view) {
        return render(view, LinkPages.httpStatus(view.view()));
    }

    private Response render(LinkPageView view, int status) {
        if (LinkPages.SUSPENDED.equals(view.view())) {
            Rejections.note(ErrorCase.MERCHANT_SUSPENDED, null); // in the access log, as the API's 403SS05 is
        }
        PageLanguage language = PageLanguage.ofTag(view.lang());
        String html = template.data("v", view).setLocale(language.locale()).render();
        return pageHeaders.apply(Response.status(status).type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
                .entity(html), view.nonce(), language, request).build();
    }

    private static String clip(String value, int max) {
        if (value == null) {
            return "";
        }
        String stripped = value.strip();
        return stripped.length() > max ? stripped.substring(0, max) : stripped;
    }
}
