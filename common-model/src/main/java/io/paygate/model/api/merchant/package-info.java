/**
 * The bodies of merchant-service's operator API ({@code /admin/merchants…}, {@code /admin/audit}) and of the merchants'
 * self-service ({@code /pg/merchant…}), docs/contract.md §10. Requests are checked by Bean Validation for their shape
 * and by merchant-service for what needs more (a PEM, a CIDR, a company code another merchant holds); a reply never
 * carries a secret, except the one that creates or rotates it, that once.
 */
package io.paygate.model.api.merchant;
