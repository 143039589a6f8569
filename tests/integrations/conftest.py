"""Make the helper modules beside these tests importable (tests/ is not a package)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
