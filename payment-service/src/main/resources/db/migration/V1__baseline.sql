-- payment-service schema baseline. The tables arrive with the issues that need them.
SELECT 1;
