package io.paygate.notification.rest;

import io.paygate.kit.error.ServiceCodeResolver;
import io.paygate.model.error.ServiceCode;
import jakarta.enterprise.context.ApplicationScoped;

/** The service code of each notification-service path (docs/contract.md §0): callbacks 06, the notification log 07. */
@ApplicationScoped
public class NotificationServiceCodes implements ServiceCodeResolver {

    @Override
    public ServiceCode resolve(String method, String path) {
        if (path.startsWith("/pg/merchant/callbacks")) {
            return ServiceCode.CALLBACK_REGISTRATION;
        }
        return ServiceCode.NOTIFICATION_LOG;
    }
}
