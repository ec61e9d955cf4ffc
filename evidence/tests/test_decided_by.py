"""The property names decided_by.expand reads from a listing: a WP report (whose "passes" are the
passes' records) and a property listing ({pass: [names]}) give their own names, and any other
document is refused. Expected names are those written into the planted documents."""
import json
import os
import sys
import tempfile

from checks import Checks
from sonnx_evidence.decided_by import CatalogueError, listing_names


def names_of(doc):
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, "listing.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(doc, f)
        return listing_names(path)


def main():
    check = Checks("decided_by listings")
    report = {"goals": [{"goal": "f_ensures_B"}, {"goal": "f_ensures_A"}],
              "passes": [{"name": "main", "stages": 3}]}
    check(names_of(report) == ["f_ensures_A", "f_ensures_B"],
          "a WP report with its passes' records: the goals' names")
    listing = {"passes": {"main": ["g_requires_X"], "blocked": ["h_assigns"]}}
    check(names_of(listing) == ["g_requires_X", "h_assigns"], "a listing: every pass's names")
    try:
        names_of({"passes": ["main"]})
        check(False, "a document that is neither is refused")
    except CatalogueError:
        check(True, "a document that is neither is refused")
    return check.status()


if __name__ == "__main__":
    sys.exit(main())
