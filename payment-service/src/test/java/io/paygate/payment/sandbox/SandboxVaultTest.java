package io.paygate.payment.sandbox;

import io.paygate.payment.support.PaymentTestResources;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The sandbox provider's card vault (docs/contract.md §1b): one card kept once per merchant, however it races. */
@QuarkusTest
@PaymentTestResources
class SandboxVaultTest {

    @Inject
    SandboxVault vault;
    @Inject
    EntityManager entityManager;

    /**
     * Two charges storing one card at the same instant: the second's insert waits for the first's transaction and then
     * gets the same token (before, its insert failed on the unique index and took the whole provider call with it).
     */
    @Test
    void twoChargesKeepingOneCardAtTheSameInstantGetTheSameToken() throws Exception {
        String merchant = "vault-twin-" + System.nanoTime();
        String number = "4111111111111111";
        CountDownLatch firstInserted = new CountDownLatch(1);
        CountDownLatch secondStarted = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(2); // two at once, whatever the common pool's size
        CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> QuarkusTransaction.requiringNew().call(() -> {
            String token = vault.keep(merchant, number, null).token;
            firstInserted.countDown();
            assertTrue(secondStarted.await(30, TimeUnit.SECONDS));
            Thread.sleep(500); // the second one is waiting on the index now
            return token;
        }), threads);
        assertTrue(firstInserted.await(30, TimeUnit.SECONDS));
        CompletableFuture<String> second = CompletableFuture.supplyAsync(() -> QuarkusTransaction.requiringNew().call(() -> {
            secondStarted.countDown();
            return vault.keep(merchant, number, null).token;
        }), threads);

        String a = first.get(60, TimeUnit.SECONDS);
        String b = second.get(60, TimeUnit.SECONDS);
        threads.shutdown();

        assertEquals(a, b, "the same card, the same token");
        long kept = QuarkusTransaction.requiringNew().call(() -> ((Number) entityManager.createNativeQuery(
                "SELECT count(*) FROM sandbox_card WHERE merchant_id = ?1").setParameter(1, merchant)
                .getSingleResult()).longValue());
        assertEquals(1, kept);
    }

    @Test
    void aForgottenCardIsKeptAgainUnderANewToken() {
        String merchant = "vault-again-" + System.nanoTime();
        String first = QuarkusTransaction.requiringNew().call(() -> vault.keep(merchant, "5555555555554444", null).token);
        QuarkusTransaction.requiringNew().run(() -> vault.forget(merchant, first));
        String second = QuarkusTransaction.requiringNew().call(() -> vault.keep(merchant, "5555555555554444", null).token);

        assertFalse(first.equals(second), "a forgotten token is never handed out again");
        assertTrue(QuarkusTransaction.requiringNew().call(() -> vault.find(merchant, second)).isPresent());
        assertFalse(QuarkusTransaction.requiringNew().call(() -> vault.find(merchant, first)).isPresent());
    }
}
