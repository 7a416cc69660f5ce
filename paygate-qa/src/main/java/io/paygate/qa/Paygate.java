package io.paygate.qa;

/**
 * The kit's front door: a deployment and a merchant, and what a suite does there. A {@link PaygateTest} class gets
 * one as a test parameter.
 *
 * <pre>{@code
 * Paygate paygate = Paygate.fromSystemProperties();
 * Initiated payment = paygate.payments().initiate(PaymentRequest.of("150000.00"));
 * paygate.sandbox().payByCard(payment, TestCard.VISA_CAPTURED);
 * paygate.payments().awaitStatus(payment.orderId(), Duration.ofSeconds(30), "CAPTURED");
 * paygate.notifications().awaitPaymentNotification(payment, "CAPTURED", Duration.ofSeconds(30))
 *         .request().verify(paygate.target().notificationSecret());
 * }</pre>
 */
public final class Paygate {

    private final PaygateTarget target;
    private final Payments payments;
    private final Sandbox sandbox;
    private final NotificationLog notifications;
    private final Refunds refunds;
    private final Bindings bindings;
    private final Disbursements disbursements;
    private final Lists lists;
    private final Callbacks callbacks;
    private final Subscriptions subscriptions;
    private final DirectDebitPurchases directDebit;
    private SnapClient snap;

    private Paygate(PaygateTarget target) {
        this.target = target;
        this.payments = new Payments(target);
        this.sandbox = new Sandbox(target);
        this.notifications = new NotificationLog(target);
        this.refunds = new Refunds(target);
        this.bindings = new Bindings(target);
        this.disbursements = new Disbursements(target);
        this.lists = new Lists(target);
        this.callbacks = new Callbacks(target);
        this.subscriptions = new Subscriptions(target);
        this.directDebit = new DirectDebitPurchases(target);
    }

    /** Refunds and cancellation (docs/contract.md §3a). */
    public Refunds refunds() {
        return refunds;
    }

    /** Subscriptions and their cycles, with the sandbox's time control (§1b). */
    public Subscriptions subscriptions() {
        return subscriptions;
    }

    /** Direct-debit purchases, at once or with OTP (§1b). */
    public DirectDebitPurchases directDebit() {
        return directDebit;
    }

    /** Direct-debit bindings, at binding-service (§4). */
    public Bindings bindings() {
        return bindings;
    }

    /** Disbursements (§5). */
    public Disbursements disbursements() {
        return disbursements;
    }

    /** Payment links and their pages as a customer opens them (docs/contract.md §11). */
    public Links links() {
        return new Links(target);
    }

    /**
     * The mail the deployment's SMTP server received ({@code paygate.mail-reader-url}, a test deployment's reader such as
     * the local stack's): the links and receipts sent to customers (§11).
     *
     * @throws IllegalStateException naming the setting when it is not given
     */
    public Mailbox mailbox() {
        String url = Settings.get("paygate.mail-reader-url");
        if (url == null) {
            throw new IllegalStateException("paygate-qa: no mail reader, missing "
                    + Settings.named("paygate.mail-reader-url") + " (the local stack prints its address)");
        }
        return new Mailbox(url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
    }

    /** Whether {@code paygate.mail-reader-url} is given, so that {@link #mailbox()} can read the deployment's mail. */
    public boolean hasMailbox() {
        return Settings.get("paygate.mail-reader-url") != null;
    }

    /** The lists and the daily transactions report (§3b). */
    public Lists lists() {
        return lists;
    }

    /** Where disbursement and binding notifications go (§6 {@code /pg/merchant/callbacks}). */
    public Callbacks callbacks() {
        return callbacks;
    }

    public static Paygate of(PaygateTarget target) {
        return new Paygate(target);
    }

    /** {@link PaygateTarget#fromSystemProperties()}. */
    public static Paygate fromSystemProperties() {
        return of(PaygateTarget.fromSystemProperties());
    }

    public PaygateTarget target() {
        return target;
    }

    public Payments payments() {
        return payments;
    }

    /** Stored cards and one-click payments (docs/contract.md §1b). */
    public StoredCards storedCards() {
        return new StoredCards(target);
    }

    public Sandbox sandbox() {
        return sandbox;
    }

    public NotificationLog notifications() {
        return notifications;
    }

    /**
     * The operator API at merchant-service (docs/contract.md §10) with the target's operator token
     * ({@code paygate.ops-token}): create (a throw-away merchant for a suite), suspend, rotate, the audit trail.
     *
     * @throws IllegalStateException naming the setting when there is no operator token or merchant-service URL
     */
    public MerchantAdmin admin() {
        return MerchantAdmin.of(target);
    }

    /**
     * The merchant's balance, its transactions, settlements and the sandbox top-up at ledger-service (docs/contract.md
     * §12; {@code paygate.ledger-service-url}, the base URL behind an Ingress).
     */
    public Balances balances() {
        return new Balances(target);
    }

    /** The merchant's own profile, key rotations and address allowlist at merchant-service (§10). */
    public MerchantSelfService selfService() {
        return new MerchantSelfService(target);
    }

    /** The signing filter of the target's merchant, for requests of one's own. */
    public MerchantSigning signing() {
        return MerchantSigning.as(target);
    }

    /**
     * The merchant's SNAP BI client (docs/contract.md §9), at the payment URL (where the Ingress, and the local stack,
     * serve {@code /v1.0/}). Its key from {@code paygate.snap.private-key-file} (a PEM file) or
     * {@code paygate.snap.private-key} (PEM or base64 DER), its client key {@code paygate.snap.client-key} (default the
     * merchant id); environment variables {@code PAYGATE_SNAP_…} as fallback.
     *
     * @throws IllegalArgumentException when no private key is configured or the file cannot be read
     */
    public SnapClient snap() {
        synchronized (this) {
            if (snap == null) {
                snap = SnapClient.of(target.paymentUrl(), Settings.getOr("paygate.snap.client-key", target.merchantId()),
                        target.clientSecret(), Settings.snapPrivateKey());
            }
            return snap;
        }
    }

    /**
     * The same SNAP client at binding-service's URL, where account binding ({@link SnapClient#bindAccount}, 07, 08,
     * 09) is served: on the local stack its own port, behind an Ingress the same origin. The token is shared.
     */
    public SnapClient snapBindings() {
        return snap().at(target.bindingUrl());
    }

    /**
     * The same SNAP client at ledger-service's URL, where the balance inquiry ({@link SnapClient#balanceInquiry}, 11)
     * is served: on the local stack its own port, behind an Ingress the same origin. The token is shared.
     */
    public SnapClient snapBalance() {
        return snap().at(target.ledgerService());
    }
}
