# Sourced, not run:  source deploy/local/urls.sh [N]
# Points this shell at a local stack, for the tours and the tools: N is the --port-offset the stack was started with
# (default: $PAYGATE_PORT_OFFSET if set, else 0; deploy/local/run prints the line to use). It exports
#   PAYGATE_PORT_OFFSET                                            N, which pgcurl and merchant follow
#   PAYGATE_PAYMENT_URL, PAYGATE_BINDING_URL, PAYGATE_NOTIFICATION_URL  each service (http://localhost:8081 + N …)
#   PAYGATE_MERCHANT_SERVICE_URL                                   merchant-service (8084 + N), the operator API
#   PAYGATE_LEDGER_URL                                             ledger-service (8085 + N), balance and settlements
#   PAYGATE_MERCHANT_URL                                           where deploy/local/merchant listens (9000 + N), the
#                                                                  base of the tours' callback URLs
#   PAYGATE_MAIL_URL                                               the reader of the stack's SMTP server (8087 + N)
# and prints them.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    echo "urls.sh is sourced, not run: a script cannot set your shell's variables. Use: source ${BASH_SOURCE[0]} [N]" >&2
    exit 2
fi
_paygate_offset=${1:-${PAYGATE_PORT_OFFSET:-0}}
case "$_paygate_offset" in
    ''|*[!0-9]*)
        echo "urls.sh: the port offset is a number, not '$_paygate_offset'" >&2
        unset _paygate_offset
        return 2 ;;
esac
export PAYGATE_PORT_OFFSET=$_paygate_offset
export PAYGATE_PAYMENT_URL=http://localhost:$((8081 + _paygate_offset))
export PAYGATE_BINDING_URL=http://localhost:$((8082 + _paygate_offset))
export PAYGATE_NOTIFICATION_URL=http://localhost:$((8083 + _paygate_offset))
export PAYGATE_MERCHANT_SERVICE_URL=http://localhost:$((8084 + _paygate_offset))
export PAYGATE_LEDGER_URL=http://localhost:$((8085 + _paygate_offset))
export PAYGATE_MERCHANT_URL=http://localhost:$((9000 + _paygate_offset))
export PAYGATE_MAIL_URL=http://localhost:$((8087 + _paygate_offset))
unset _paygate_offset
echo "paygate at port offset $PAYGATE_PORT_OFFSET: payment $PAYGATE_PAYMENT_URL, binding $PAYGATE_BINDING_URL," \
     "notification $PAYGATE_NOTIFICATION_URL, merchant-service $PAYGATE_MERCHANT_SERVICE_URL," \
     "ledger $PAYGATE_LEDGER_URL;" \
     "deploy/local/merchant at $PAYGATE_MERCHANT_URL, mail $PAYGATE_MAIL_URL"
