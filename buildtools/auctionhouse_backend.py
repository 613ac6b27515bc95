"""The build backend: setuptools', asking for mypy (mypyc) when a wheel is built on a machine
that can compile it, so that `pip install .` gets the compiled rules there and pure Python
elsewhere. Editable installs and source distributions never ask for it (setup.py keeps them
pure), nor does AUCTIONHOUSE_COMPILE=0.
"""

from __future__ import annotations

import os
import shutil
import sysconfig

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (every hook: setuptools' own)

MYPY = "mypy>=1.13"


def can_compile() -> bool:
    """A C compiler and the Python headers: what mypyc's output needs to build."""
    if os.environ.get("AUCTIONHOUSE_COMPILE") == "0":
        return False
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    headers = os.path.join(sysconfig.get_paths()["include"], "Python.h")
    return shutil.which(cc) is not None and os.path.exists(headers)


def get_requires_for_build_wheel(config_settings=None):
    extra = [MYPY] if can_compile() else []
    return [*_setuptools.get_requires_for_build_wheel(config_settings), *extra]
