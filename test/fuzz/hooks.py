"""Schemathesis hooks of the CI fuzz run (loaded through SCHEMATHESIS_HOOKS)."""

import schemathesis

SCRAPE_OPERATIONS = {"scrape"}


@schemathesis.check
def scrape_failure_is_the_contracts(ctx, response, case):
    """A 5xx is allowed only where a scrape can fail, and only as the contract's scrape error."""
    if response.status_code < 500 or response.status_code == 501:
        return None
    operation = case.operation.definition.raw.get("operationId")
    body = response.json()
    code = body.get("code", "") if isinstance(body, dict) else ""
    if operation not in SCRAPE_OPERATIONS or body.get("success") is not False or not code.startswith("SCRAPE_"):
        raise AssertionError(f"{response.status_code} is not a scrape error of the contract: {response.text[:500]}")
    return None
