-- A transfer's beneficiaryBankCode is at most 8 characters (docs/contract.md §5, §9), so that a BIC such as CENAIDJA is
-- accepted through either door; it was 6.
ALTER TABLE disbursement ALTER COLUMN beneficiary_bank_code TYPE varchar(8);
