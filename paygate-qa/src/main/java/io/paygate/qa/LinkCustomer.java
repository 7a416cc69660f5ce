package io.paygate.qa;

import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.restassured.RestAssured.given;

/**
 * A link's page (docs/contract.md §11) as its customer's browser uses it: no signature, the page's cookies kept, the
 * form posted where the page's own form says (its {@code action}, with its hidden fields), redirects not followed.
 */
public final class LinkCustomer {

    private static final Pattern FORM = Pattern.compile("<form\\b([^>]*)>(.*?)</form>",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    private static final Pattern INPUT = Pattern.compile("<input\\b([^>]*)>", Pattern.CASE_INSENSITIVE);

    private final String url;

    LinkCustomer(String url) {
        this.url = url;
    }

    public String url() {
        return url;
    }

    /** {@code GET} the page in the browser's default language (Indonesian unless the page is switched). */
    public Response page() {
        return browser().get(url);
    }

    /** {@code GET} the page in {@code language} ({@code en} or {@code id}, the page's {@code lang} switch). */
    public Response page(String language) {
        return browser().queryParam("lang", language).get(url);
    }

    /**
     * Opens the page and posts its form with {@code form}'s fields; fails with the reply unless the page answered
     * 303 to the payment's hosted page.
     */
    public LinkStart start(LinkForm form) {
        Response response = startReply(form);
        Waits.expect(response, 303, "the form of link page " + url);
        return LinkStart.from(URI.create(url).resolve(response.header("Location")).toString());
    }

    /**
     * Opens the page and posts its form: the raw reply (303 when a payment started; the page again with the field's
     * error, "being paid, try again", or the link's end otherwise). A page without a form (an ended link) gets the
     * post at its own address, as a stale tab would send it.
     */
    public Response startReply(LinkForm form) {
        Response page = page();
        Map<String, String> fields = new LinkedHashMap<>();
        String action = url;
        Matcher m = FORM.matcher(page.asString());
        while (m.find()) {
            if (!"post".equalsIgnoreCase(attribute(m.group(1), "method"))) {
                continue;
            }
            String declared = attribute(m.group(1), "action");
            if (declared != null) {
                action = URI.create(url).resolve(unescape(declared)).toString();
            }
            Matcher input = INPUT.matcher(m.group(2));
            while (input.find()) {
                String name = attribute(input.group(1), "name");
                if ("hidden".equalsIgnoreCase(attribute(input.group(1), "type")) && name != null) {
                    String value = attribute(input.group(1), "value");
                    fields.put(unescape(name), value == null ? "" : unescape(value));
                }
            }
            break;
        }
        fields.putAll(form.fields());
        return browser().cookies(page.getCookies()).formParams(fields).post(action);
    }

    private static RequestSpecification browser() {
        return given().redirects().follow(false).header("Accept", "text/html");
    }

    private static String attribute(String attributes, String name) {
        Matcher m = Pattern.compile("\\b" + name + "\\s*=\\s*(\"([^\"]*)\"|'([^']*)'|([^\\s>]+))",
                Pattern.CASE_INSENSITIVE).matcher(attributes);
        if (!m.find()) {
            return null;
        }
        return m.group(2) != null ? m.group(2) : m.group(3) != null ? m.group(3) : m.group(4);
    }

    private static String unescape(String html) {
        return html.replace("&quot;", "\"").replace("&#39;", "'").replace("&lt;", "<").replace("&gt;", ">")
                .replace("&amp;", "&");
    }
}
