"""The BLAS threads numpy runs on now, for tests of code that limits them."""

from __future__ import annotations

from threadpoolctl import threadpool_info


def blas_threads() -> int:
    return max(i["num_threads"] for i in threadpool_info() if i["user_api"] == "blas")
