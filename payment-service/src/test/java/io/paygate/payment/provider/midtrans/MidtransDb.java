package io.paygate.payment.provider.midtrans;

import io.agroal.api.AgroalDataSource;
import io.paygate.payment.support.Db;
import io.quarkus.arc.Arc;

/** The payment table as the Midtrans tests read it. */
final class MidtransDb {

    private MidtransDb() {
    }

    static Db db() {
        return new Db(Arc.container().instance(AgroalDataSource.class).get());
    }

    /** The charge reference of a payment: Midtrans's order_id. */
    static String reference(String paymentCode) {
        return db().value("SELECT provider_reference FROM payment WHERE payment_code = ?", paymentCode);
    }

    /** The row's version: unchanged means nothing was written. */
    static String version(String paymentCode) {
        return db().value("SELECT version || ':' || status || ':' || sequence FROM payment WHERE payment_code = ?",
                paymentCode);
    }
}
