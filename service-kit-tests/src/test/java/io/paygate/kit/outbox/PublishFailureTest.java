package io.paygate.kit.outbox;

import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.ClusterAuthorizationException;
import org.apache.kafka.common.errors.NetworkException;
import org.apache.kafka.common.errors.NotEnoughReplicasException;
import org.apache.kafka.common.errors.NotLeaderOrFollowerException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.junit.jupiter.api.Test;

import java.util.Set;
import java.util.concurrent.ExecutionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which failures park an event: only the event's own; anything about the broker or the setup is an outage. */
class PublishFailureTest {

    @Test
    void failuresThatWouldRecurForTheRecordCountTowardsParking() {
        assertTrue(PublishFailure.of(new ExecutionException(new RecordTooLargeException("too large"))).eventsOwn());
        assertTrue(PublishFailure.of(new ExecutionException(new TopicAuthorizationException(Set.of("t")))).eventsOwn());
        assertTrue(PublishFailure.of(new SerializationException("bad")).eventsOwn());
        assertTrue(PublishFailure.unsignable(new IllegalArgumentException("no sequence")).eventsOwn());
    }

    @Test
    void brokerOutagesAndSetupErrorsNeverPark() {
        for (Throwable outage : new Throwable[]{new TimeoutException("no metadata"), new NetworkException("down"),
                new NotLeaderOrFollowerException("moving"), new NotEnoughReplicasException("isr"),
                new UnknownTopicOrPartitionException("missing"), new SaslAuthenticationException("wrong password"),
                new ClusterAuthorizationException("idempotent write"), new KafkaException("producer closed"),
                new IllegalStateException("closed")}) {
            assertFalse(PublishFailure.of(new ExecutionException(outage)).eventsOwn(), outage.toString());
        }
    }

    @Test
    void theMessageNamesTheErrorAndIsBounded() {
        PublishFailure failure = PublishFailure.of(new ExecutionException(new RecordTooLargeException("x".repeat(900))));
        assertTrue(failure.message().startsWith("RecordTooLargeException: xxx"));
        assertEquals(500, failure.message().length());
    }
}
