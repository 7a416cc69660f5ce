package io.paygate.payment.checkout;

import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What a customer can press on a page as the browser lays it out: every form shown has each of its actions once (no
 * second "Pay" for the same form, however the layout wraps), and a payment form exactly one submit button.
 */
final class VisibleForms {

    /** The forms whose one action pays (or answers the bank): one visible submit button each. */
    static final List<String> PAYING = List.of("card-form", "directdebit-form", "otp-form", "qris-form");

    private static final String SCRIPT = """
            var shown = function (e) {
              if (e.getClientRects().length === 0) { return false; }
              var r = e.getBoundingClientRect();
              var s = getComputedStyle(e);
              return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
            };
            var paying = arguments[0];
            var problems = [];
            Array.prototype.forEach.call(document.forms, function (form) {
              if (!shown(form)) { return; }
              var submits = Array.prototype.filter.call(form.elements, function (e) {
                return (e.type === 'submit' || e.type === 'image') && shown(e);
              });
              var seen = {};
              submits.forEach(function (b) {
                var key = [b.name, b.value, b.formAction, b.formMethod].join(' ');
                if (seen[key]) { problems.push((form.id || form.action) + ' shows twice: ' + key); }
                seen[key] = true;
              });
              if (paying.indexOf(form.id) >= 0 && submits.length !== 1) {
                problems.push(form.id + ' shows ' + submits.length + ' submit buttons');
              }
            });
            return problems;
            """;

    private VisibleForms() {
    }

    /** Fails, naming the form, where a shown form has an action twice or a paying form not exactly one. */
    static void assertOneSubmitPerAction(WebDriver driver, String what) {
        Object problems = ((JavascriptExecutor) driver).executeScript(SCRIPT, PAYING);
        assertEquals(List.of(), problems, what);
    }
}
