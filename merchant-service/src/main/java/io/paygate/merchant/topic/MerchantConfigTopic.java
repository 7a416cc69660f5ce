package io.paygate.merchant.topic;

import io.paygate.kit.kafka.KafkaClientConfig;
import io.paygate.merchant.registry.RegistryConfig;
import io.paygate.model.event.Topics;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.annotation.Priority;
import jakarta.enterprise.event.Observes;
import jakarta.interceptor.Interceptor;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;
import org.jboss.logging.Logger;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Makes the compacted topic {@code merchant-config} (docs/contract.md §10) when the broker lacks it, at start and then
 * every 30 s until it exists, with an admin client that connects and authenticates as the service does
 * (service-kit's {@code KafkaClientConfig}: the service's {@code kafka.*} settings). The broker being away delays
 * nothing: the outbox holds the events until the topic and the broker are there.
 */
@ApplicationScoped
public class MerchantConfigTopic {

    private static final Logger LOG = Logger.getLogger(MerchantConfigTopic.class);

    private final KafkaClientConfig kafka;
    private final RegistryConfig.Topic config;
    private final AtomicBoolean exists = new AtomicBoolean();

    MerchantConfigTopic(KafkaClientConfig kafka, RegistryConfig config) {
        this.kafka = kafka;
        this.config = config.topic();
    }

    /** Before the seeding's first events (a broker that creates topics on first use would make one uncompacted). */
    void onStart(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) StartupEvent event) {
        ensure();
    }

    @Scheduled(every = "30s", delayed = "30s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void retry() {
        ensure();
    }

    /** Whether the topic is known to exist (made here or found). */
    public boolean exists() {
        return exists.get();
    }

    /** Creates the topic unless it exists or creation is off; never throws. */
    public void ensure() {
        if (!config.create() || exists.get()) {
            return;
        }
        int timeout = (int) config.timeout().toMillis();
        try (Admin admin = Admin.create(kafka.admin(Map.of(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, timeout,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, timeout)))) {
            NewTopic topic = new NewTopic(Topics.MERCHANT_CONFIG, Optional.of(config.partitions()),
                    config.replicationFactor()).configs(Map.of(TopicConfig.CLEANUP_POLICY_CONFIG,
                    TopicConfig.CLEANUP_POLICY_COMPACT));
            admin.createTopics(List.of(topic)).all().get(timeout, TimeUnit.MILLISECONDS);
            exists.set(true);
            LOG.infof("created topic %s (compacted, %d partitions)", Topics.MERCHANT_CONFIG, config.partitions());
        } catch (ExecutionException e) {
            if (e.getCause() instanceof TopicExistsException) {
                exists.set(true);
            } else {
                LOG.warnf("topic %s not created yet (%s); trying again in 30 s", Topics.MERCHANT_CONFIG,
                        e.getCause() == null ? e : e.getCause().getClass().getSimpleName());
            }
        } catch (TimeoutException e) {
            LOG.warnf("topic %s not created yet (the broker did not answer); trying again in 30 s",
                    Topics.MERCHANT_CONFIG);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.warnf("topic %s not created yet (%s); trying again in 30 s", Topics.MERCHANT_CONFIG,
                    e.getClass().getSimpleName());
        }
    }
}
