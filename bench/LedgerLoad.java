import io.paygate.model.api.Card;
import io.paygate.model.api.CardInfo;
import io.paygate.model.api.Customer;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.auth.RequestSigner;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.EventSigner;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.status.PaymentStatus;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One round of the ledger benchmark (issue 46): N CAPTURED card payments of merchant {@code demo} (150,000.00 each,
 * demo's card fee 2.9 % + 2,000 and 11 % VAT: 142,951.00 net each, docs/contract.md §12) published straight onto
 * {@code payment-status} as payment-service's outbox relay publishes them (the envelope JSON, key
 * {@code demo:<paymentCode>}, header {@code paygate-signature}, acks=all, idempotent, linger 0), built and signed
 * before the clock starts and paced at RATE per second; meanwhile ledger-service's {@code GET /pg/balance} is read as
 * demo (signed, docs/contract.md §0) every 20 ms.
 *
 * <p>Event → balance: demo's {@code pending} grows by the net of each posted capture, so (pending − pending before) /
 * net is how many of the round's events the balance shows; the i-th is taken as seen when that count first reaches
 * i + 1 (the events are posted under demo's account lock, one at a time, in about the order sent: a later one posted
 * first makes an earlier one look later, never earlier). Latency = seen − published (one process, one clock), in a
 * HdrHistogram; postings per second = events posted / (last seen − first published). The balance is read no faster
 * than every 20 ms, which the latencies include (up to 20 ms). Ends when every event shows, or after 60 s without
 * progress; prints the 1-minute load average then (the machine may be shared). Not asserted anywhere.
 *
 * <pre>
 * java -cp 'ledger-service/target/quarkus-app/lib/main/*:HdrHistogram-2.2.2.jar' bench/LedgerLoad.java \
 *      BOOTSTRAP LEDGER_URL EVENT_SIGNING_KEY LABEL N RATE
 * </pre>
 */
public class LedgerLoad {
    static final String MERCHANT = "demo";
    static final String CLIENT_SECRET = "demo-client-secret";
    static final BigDecimal GROSS = new BigDecimal("150000.00");
    static final BigDecimal NET = new BigDecimal("142951.00");
    static final Pattern PENDING = Pattern.compile("\"pending\"\\s*:\\s*\"([0-9.-]+)\"");
    static final HttpClient HTTP = HttpClient.newHttpClient();

    public static void main(String[] argv) throws Exception {
        String bootstrap = argv[0], ledger = argv[1], label = argv[3];
        EventSigner signer = EventSigner.of(argv[2]);
        int n = Integer.parseInt(argv[4]);
        double rate = Double.parseDouble(argv[5]);
        String run = Long.toString(System.currentTimeMillis() % 100_000_000L, 36).toUpperCase();

        Card card = new Card("411111******1111", new CardInfo("VISA", "SANDBOX BANK", "CREDIT", "CLASSIC", "ID"));
        Customer customer = new Customer("CUST-001", "budi@example.com", "Budi", "Santoso", "+6281234567890");
        List<ProducerRecord<String, String>> records = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String code = "LB" + run + label.toUpperCase().replaceAll("[^A-Z0-9]", "") + i;
            PaymentStatusChanged data = new PaymentStatusChanged(code, "ORD-" + code, GROSS, "IDR", customer, null,
                    card, PaymentStatus.CAPTURED, null, null, PaymentMethod.CARD);
            EventEnvelope event = EventEnvelope.of(MERCHANT, 1, data, Clock.systemUTC());
            String value = event.toJson();
            ProducerRecord<String, String> record = new ProducerRecord<>("payment-status", event.key(), value);
            record.headers().add(EventSigner.HEADER, signer.sign(event.eventId().toString(), event.sequence(),
                    value.getBytes(StandardCharsets.UTF_8)).getBytes(StandardCharsets.US_ASCII));
            records.add(record);
        }
        BigDecimal before = pending(ledger);
        long[] published = new long[n];
        long[] seen = new long[n];
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap, ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true, ProducerConfig.LINGER_MS_CONFIG, 0),
                new StringSerializer(), new StringSerializer())) {
            producer.partitionsFor("payment-status"); // metadata before the clock starts
            int[] count = {0};
            Thread reader = Thread.ofPlatform().start(() -> {
                long progress = System.nanoTime();
                while (count[0] < n && System.nanoTime() - progress < 60_000_000_000L) {
                    try {
                        int c = pending(ledger).subtract(before).divideToIntegralValue(NET).intValue();
                        long now = System.nanoTime();
                        for (int i = count[0]; i < Math.min(c, n); i++) {
                            seen[i] = now;
                        }
                        if (c > count[0]) {
                            count[0] = Math.min(c, n);
                            progress = now;
                        }
                        Thread.sleep(20);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }
            });
            long start = System.nanoTime();
            for (int i = 0; i < n; i++) {
                long wait = start + (long) (i * 1e9 / rate) - System.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(wait);
                }
                published[i] = System.nanoTime();
                producer.send(records.get(i));
            }
            producer.flush();
            long publishedIn = System.nanoTime() - start;
            reader.join();
            org.HdrHistogram.Histogram millis = new org.HdrHistogram.Histogram(3_600_000L, 3);
            long last = 0;
            int got = 0;
            for (int i = 0; i < n; i++) {
                if (seen[i] != 0) {
                    got++;
                    last = Math.max(last, seen[i]);
                    millis.recordValue(Math.max(1, (seen[i] - published[i]) / 1_000_000));
                }
            }
            double secs = (last - start) / 1e9;
            System.out.printf("%s events=%d posted=%d rate=%.0f/s published_in=%.2fs postings_per_s=%.0f"
                            + " event_to_balance_ms_min=%d p10=%d p50=%d p99=%d max=%d load1=%s%n",
                    label, n, got, rate, publishedIn / 1e9, got / secs, millis.getMinValue(),
                    millis.getValueAtPercentile(10), millis.getValueAtPercentile(50),
                    millis.getValueAtPercentile(99), millis.getMaxValue(),
                    Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
        }
    }

    /** demo's pending balance, as ledger-service tells it (a signed GET /pg/balance). */
    static BigDecimal pending(String ledger) throws Exception {
        String timestamp = RequestSigner.timestamp(Clock.systemDefaultZone());
        HttpRequest request = HttpRequest.newBuilder(URI.create(ledger + "/pg/balance"))
                .header(RequestSigner.PARTNER_ID, MERCHANT).header(RequestSigner.TIMESTAMP, timestamp)
                .header(RequestSigner.SIGNATURE, RequestSigner.sign(CLIENT_SECRET, "GET", "/pg/balance", new byte[0],
                        timestamp)).GET().build();
        HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        Matcher m = PENDING.matcher(response.body());
        if (response.statusCode() != 200 || !m.find()) {
            throw new IllegalStateException("GET /pg/balance answered " + response.statusCode() + ": "
                    + response.body());
        }
        return new BigDecimal(m.group(1));
    }
}
