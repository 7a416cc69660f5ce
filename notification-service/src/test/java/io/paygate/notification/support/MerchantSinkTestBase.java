package io.paygate.notification.support;

import io.agroal.api.AgroalDataSource;
import io.paygate.testsupport.sink.MerchantSink;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import java.time.Duration;

/** A test class whose notifications go to a real HTTP merchant: a fresh {@link MerchantSink} for every test. */
public abstract class MerchantSinkTestBase {

    protected static final Duration WAIT = Duration.ofSeconds(20);

    @Inject
    protected AgroalDataSource dataSource;

    protected MerchantSink sink;
    protected NotificationDb db;

    @BeforeEach
    protected void startSink() {
        sink = MerchantSink.start();
        db = new NotificationDb(dataSource);
    }

    @AfterEach
    protected void stopSink() {
        sink.close();
    }
}
