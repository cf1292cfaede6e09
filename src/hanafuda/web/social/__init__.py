"""Everything social of the web app (issue 15): names and optional accounts, open seats and quick
match, invitations with QR codes, ratings (openskill), chat, the turn clock, rematch, UI languages,
the dark theme and the web app manifest.  ``setup.install`` adds it all to the app from
``create_app``; importing this package alone (the models, for ``hanafuda admin``) loads no web
framework.
"""

from __future__ import annotations

from .invites import reachable_urls, serve_banner

__all__ = ["reachable_urls", "serve_banner"]
