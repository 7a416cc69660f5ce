package io.paygate.kit.web;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** docs/contract.md §0: the request-target forms refused before authentication, and the ordinary ones that are not. */
class RequestTargetsTest {

    @ParameterizedTest
    @ValueSource(strings = {
            "/pg/notifications;x?limit=1&status=DELIVERED",
            "/pg/notifications;x",
            "/pg;v=1/notifications",
            "/pg//notifications",
            "//pg/notifications",
            "/pg/./notifications",
            "/pg/notifications/.",
            "/pg/x/../notifications",
            "/pg/notifications/..?limit=1",
            "/pg/notifications%2Fx",
            "/pg/notifications%2fx",
            "/pg/notifications%3Bx",
            "/pg/%2E%2E/pg/notifications",
            "/pg/%2enotifications",
            "/pg/notifications%25",
            "http://localhost:8083/pg/./notifications",
            "http://localhost:8083/pg/notifications;x?limit=1"
    })
    void refusesTargetsThatCouldNameAnotherResource(String target) {
        assertTrue(RequestTargets.isAmbiguous(target), target);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "/pg/notifications",
            "/pg/notifications?limit=1&status=DELIVERED",
            "/pg/notifications?cursor=a;b&x=%2F%2E%25",
            "/pg/payment/card/status/ORD.1-a_b",
            "/pg/pay/PC123/qr.png",
            "/pg/kit/whoami?x=a%20b",
            "/q/health/ready",
            "http://localhost:8083/pg/notifications?limit=1",
            "/"
    })
    void acceptsOrdinaryTargets(String target) {
        assertFalse(RequestTargets.isAmbiguous(target), target);
    }
}
