"""Best-arm identification of a real system, ask-tell (study/identification.hpp; `lilucb study`):
the Identification class and the records of its answer and status."""

from __future__ import annotations

import dataclasses as _dc
import json as _json
import os as _os
from typing import Any, Callable, List, Literal, Optional, Sequence, Tuple, Union, overload

from . import _lilucb
from ._common import ArrayLike, FileToRead, FileToWrite, Real, Whole, _domain_error, _Record, _with_progress

def _finite_or_none(x: Any) -> Any:
    """x with every non-finite float replaced by None, as ``--json`` prints it (nlohmann's null)."""
    if isinstance(x, float):
        return x if x == x and abs(x) != float("inf") else None
    if isinstance(x, dict):
        return {k: _finite_or_none(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_finite_or_none(v) for v in x]
    return x


class _JsonRecord(_Record):
    """Mixin: ``to_dict()`` as ``lilucb study ... --json`` prints it: a non-finite number is None."""

    def to_dict(self) -> dict:
        return _finite_or_none(_dc.asdict(self))  # type: ignore[call-overload]


@_dc.dataclass(frozen=True)
class ChallengerEvidence(_JsonRecord):
    """One challenger's evidence in a GLR-type stopping rule: the statistic of the pair (answer, arm)
    against its threshold; the rule stops when every challenger's statistic reaches its threshold."""

    arm: int
    statistic: float
    threshold: float


@_dc.dataclass(frozen=True)
class StudyAnswer(_JsonRecord):
    """A study's answer (lilucb::bandit::study_answer).  best_arm: the answer when done, the current
    leader before; best_name: its name (None without names); answer: a top-m study's set of arms
    (increasing; the leading set before the stop), None otherwise; certified: done with a certified rule;
    certificate: the statement behind the answer (or why there is none); evidence: each challenger's
    statistic against its threshold at the stop (now, before it); evidence_note: why there is none
    (a rule that reports its decision only, or an arm without a reward yet).  ``to_dict()`` gives
    plain Python types as ``lilucb study answer --json`` prints them: a non-finite statistic (-inf
    while a challenger has no evidence yet) is None there, so ``json.dumps`` writes strict JSON."""

    best_arm: int
    best_name: Optional[str]
    answer: Optional[Tuple[int, ...]]
    done: bool
    certified: bool
    certificate: str
    evidence: List[ChallengerEvidence]
    evidence_note: str


@_dc.dataclass(frozen=True)
class StudyStatus(_JsonRecord):
    """Where a study stands (lilucb::bandit::study_status): rewards told and asks in flight per arm,
    empirical means (0 for an arm without a reward), their totals, the stopping rule's leader, whether
    it has stopped, and remaining_estimate: T*(mu_hat) log(1/nu) - total_pulls (at least 0), the lower
    bound's leading term (certified rules take more: :meth:`Identification.plan` simulates how many),
    None while an arm has no reward or the leading means tie; remaining_range: [low, high], the same
    estimate with the means moved by one standard error (gaps widened, narrowed; high None when the
    means may then tie); sds: a study of unknown variance's sample standard deviation per arm (0 with
    fewer than two rewards; None for the other studies), at which such a study's estimate takes T* of
    unknown variances (best-arm question only; None until every arm shows a spread).  ``to_dict()``: plain Python types, as
    ``lilucb study status --json`` prints them."""

    pulls: List[int]
    pending: List[int]
    means: List[float]
    total_pulls: int
    total_pending: int
    leader: int
    done: bool
    remaining_estimate: Optional[float]
    remaining_range: List[Optional[float]]
    sds: Optional[List[float]]


class Identification:
    """Best-arm identification of a real system, ask-tell (lilucb::bandit::identification).

    Ask which arm to pull, pull it in the world, tell the reward; in any order, in batches, possibly
    long after the ask.  The study stops with the stopping rule's certified answer::

        s = lilucb.Identification(arms=["a", "b", "c"], model="bernoulli", nu=0.05)
        while not s.done:
            arm = s.ask()
            s.tell(arm, measure(arm))           # 0 or 1 for bernoulli
        print(s.answer())

    arms: K >= 1, or a list of K distinct names; model: 'gaussian' (rewards N(mu, sigma^2), or
    sigma-sub-Gaussian for the rules not restricted to Gaussian arms; sigma > 0 required), 'bernoulli'
    (each reward 0 or 1) or 'bounded' (rewards in range=(lo, hi); pooled-kl and pooled-eb read them
    rescaled to [0, 1], the sigma rules run with sigma = (hi - lo)/2, Hoeffding's lemma);
    nu in (0, 1): the target error probability; method: a sampling x stopping combination
    "SAMPLING+STOPPING" of the registry whose stopping rule is ls or glr (None: RECOMMENDED_BERNOULLI_METHOD,
    't3c-ids+glr-pooled-kl', for model 'bernoulli', RECOMMENDED_BOUNDED_METHOD, 't3c-ids-matched+glr-pooled-betting', for
    model 'bounded', RECOMMENDED_METHOD, 't3c-ids+glr-pooled-weighted', otherwise); seed: the sampling rule's random stream (default 1, as `lilucb study new`); names: the arms' names
    when arms is K.  epsilon > 0 asks for an epsilon-good arm instead of the best (mean at least the best mean minus
    epsilon; epsilon_relative: at least (1 - epsilon) times it, for 'bernoulli' or 'bounded' with lo >= 0): the
    study then stops on tied arms, and its default method is 'eb-tci-ids+glr-one-sided' (Proposition Gε-M1).
    top = m in 2..K-1 asks for the m best arms (with epsilon: none left out more than epsilon above one
    answered); ``answer().answer`` holds the set, and the default method is 'lucb-glr+glr-one-sided'
    (Proposition TM-M1), 'lucb-glr+glr-pooled-kl' for model 'bernoulli' without a relative epsilon
    (Proposition TM-K).
    unknown_variance=True (model 'gaussian', sigma None): rewards Gaussian with standard deviations unknown
    and possibly different per arm, as ``lilucb study new --sigma unknown``: only rules that read no sigma
    admit, 't3c-ids-matched+glr-paired-t' (certified, Proposition PT; the default), '...+glr-gu' (certified,
    Proposition GU) and '...+glr-heuristic-ev' (the practice); a top-m question's default is
    'lucb-glr+glr-paired-t' (Proposition TM-T; GU answers none); rewards |R| <= 1e75; the recommended samplers read
    the arms' empirical variances and no unit once an arm has two distinct rewards (the others run at the nominal scale 1: their efficiency, not the
    certificate, depends on the rewards' scale).
    A bad value raises DomainError naming the argument, a wrong type TypeError.

    The certificate (P(wrong answer) <= nu; docs/live-study.md, Proposition L) holds when the order in
    which rewards arrive never looks at the values of rewards not yet told (Condition A): measure a
    latency synchronously (ask, measure, tell), tell parallel pulls in ask order, tell a timeout as a
    reward (0) rather than dropping it.  A refused call changes nothing.  ``to_json()`` /
    ``from_json()`` (and pickle) save and load the study at any point, pulls in flight included; the
    loaded study continues exactly as the uninterrupted one.  ``load(path)`` / ``save(path)`` read and
    write the files of ``lilucb study`` (snapshot and journal), with the CLI's checks.
    """

    __slots__ = ("_study",)

    def __init__(self, arms: Union[Whole, Sequence[str]], model: Literal["gaussian", "bernoulli", "bounded"],
                 nu: Real, *, sigma: Optional[Real] = None, range: Optional[Tuple[Real, Real]] = None,
                 method: Optional[str] = None, seed: Whole = 1, names: Optional[Sequence[str]] = None,
                 epsilon: Real = 0.0, epsilon_relative: bool = False, top: Whole = 1,
                 unknown_variance: bool = False) -> None:
        self._study = _lilucb._Identification(arms, model, nu, sigma, range, method, seed, names, epsilon,
                                              epsilon_relative, top, unknown_variance)

    @classmethod
    def from_json(cls, text: Union[str, bytes], last_written: Optional[dict] = None) -> Identification:
        """The study saved by :meth:`to_json`, its events replayed through fresh rules (so it continues
        as the saved one would have).  DomainError naming state, and saying what differs, when the text
        is not such a state (a field of the wrong type, a repeated or unknown key, an unknown version),
        its settings do not match the digest its hash chain starts from, or its events do not replay to
        the chain's head and the statistics (an edited state).  With last_written (the :meth:`history`
        of the last state saved): also when the text is older (fewer events: loading an older state
        after later rewards were seen voids the certificate) or its history differs."""
        study = cls.__new__(cls)
        study._study = _lilucb._Identification.from_json(text, last_written)
        return study

    @classmethod
    def load(cls, path: FileToRead, last_written: Optional[dict] = None) -> Identification:
        """The study kept in the files `lilucb study --state PATH` writes (PATH, the snapshot, and
        PATH.journal; docs/live-study.md, "The state file"), read with every check the CLI makes: the
        snapshot's digest and check, its statistics, its link to the journal, the journal's records
        after it replayed (a torn last record ignored), and the history against last_written or,
        without it, the one PATH.lock records (a rollback refused).  A version 2 JSON state file is
        read too.  DomainError naming path, saying what differs, when the files are not such a state
        or cannot be read.  Continue it with :meth:`ask` and :meth:`tell`, then :meth:`save`."""
        study = cls.__new__(cls)
        study._study = _lilucb._Identification.load(_os.fspath(path) if isinstance(path, _os.PathLike) else path,
                                                    last_written)
        return study

    def save(self, path: Optional[FileToWrite] = None) -> None:
        """Commits the events since :meth:`load` (or the last save) to the study's files as `lilucb
        study tell` does, under PATH.lock: a record appended to PATH.journal and fsync'ed, the snapshot
        rewritten as the journal grows (a version 2 state is migrated).  A study made here (or by
        from_json) is saved to a path where no file exists yet, which the CLI then continues; one
        loaded or saved before goes back to its own files (path None, or the same path), refused
        when another writer changed them since.  DomainError naming path otherwise; nothing is
        written then.  A study kept in files has no :meth:`to_json` (its events are in the journal)."""
        self._study.save(_os.fspath(path) if isinstance(path, _os.PathLike) else path)

    def history(self) -> dict:
        """Where the history stands: {'events': n, 'digest': head of the SHA-256 hash chain,
        'settings_digest': its origin}.  Publish the digest with an answer: ``lilucb study verify
        --digest`` (or from_json with last_written) checks data against it."""
        return self._study.history()

    def tell_many(self, ids: ArrayLike, arms: ArrayLike, rewards: ArrayLike) -> int:
        """Rewards of asked pulls: ids (from :meth:`ask_ids`), their arms and rewards, as three
        one-dimensional sequences or numpy arrays of one length, told in that order.  Every reward is
        checked before any is counted (a refused call changes nothing); returns the number counted
        (an id told before is counted once)."""
        return self._study.tell_many(ids, arms, rewards)

    def to_json(self) -> str:
        """The versioned JSON state: the settings, every ask and tell in order, each arm's statistics."""
        return self._study.to_json()

    def __reduce__(self) -> tuple:
        return (type(self).from_json, (self.to_json(),))

    @overload
    def ask(self, m: None = None) -> int: ...
    @overload
    def ask(self, m: Whole) -> List[int]: ...

    def ask(self, m: Optional[Whole] = None) -> Union[int, List[int]]:
        """The next arm to pull (an int), or with m, a list of m arms for pulls run in parallel (the
        pulls in flight are counted, so the batch spreads).  Domain: m in [1, 10^7]; DomainError once
        the study is done."""
        return self._study.ask(m)

    @overload
    def ask_ids(self, m: None = None) -> Tuple[int, int]: ...
    @overload
    def ask_ids(self, m: Whole) -> List[Tuple[int, int]]: ...

    def ask_ids(self, m: Optional[Whole] = None) -> Union[Tuple[int, int], List[Tuple[int, int]]]:
        """As :meth:`ask`, with each pull's id: a tuple (id, arm), or with m a list of them.  Tell the
        reward with ``tell(arm, reward, id=id)``: a retried tell of the same id is counted once."""
        return self._study.ask_ids(m)

    def tell(self, arm: Optional[Whole] = None, reward: Optional[Real] = None, id: Optional[Whole] = None, *,
             name: Optional[str] = None) -> bool:
        """The reward of a pull of `arm` (always its index 0..K-1, even when the arms have names), or
        of the arm called `name` (``tell(reward=r, name="b")``; a study made with names), never both.
        With id (from :meth:`ask_ids`): that ask's reward; returns False, changing nothing, when the
        id was told before, True otherwise.  Without id: the arm's oldest ask not yet told, or, when
        none is in flight, a pull the caller chose; returns True.  Domain: arm in [0, K-1] and, with
        id, the arm asked with it; name one of the study's names; id asked; reward a finite real
        (int, float or numpy scalar; not bool), 0 or 1 for bernoulli, in range for bounded."""
        fn = "lilucb.Identification.tell"
        if name is not None:
            if arm is not None:
                raise _domain_error(fn, "name", repr(name), "arm or name, not both")
            names = self.names
            if not isinstance(name, str) or names is None or name not in names:
                raise _domain_error(fn, "name", repr(name),
                                  "one of the study's arm names" if names else "no name: this study's arms have none (give arm=INDEX)")
            arm = names.index(name)
        elif arm is None:
            raise _domain_error(fn, "arm", "None", "an arm index 0 to K-1 (or name=NAME)")
        return self._study.tell(arm, reward, id)

    def expire(self, through: Whole, reward: Real = 0, outcomes: Optional[dict] = None) -> int:
        """An attribution window's deadline, as ``lilucb study expire``: closes every ask still in
        flight whose id is at most `through`, in id order, telling its outcome from `outcomes` (a
        dict id -> reward: the outcomes received for those pulls, e.g. the conversions) or else
        `reward` (default 0, "not converted"); returns how many were told.  The certificate holds
        when no outcome of the window was told before its deadline: keep conversions until their
        pull's deadline and pass them here (a conversion told as it arrives, ahead of the window's
        zeros, is a value-dependent order: docs/live-study.md, "The rules in practice").  A reward
        told later for a closed id is a retry, ignored.  Domain: through a whole number >= 0; every
        reward in the model's range; every outcome's id an ask in flight at most `through`; a
        'gaussian' study (sigma known or not) an outcome for every pull of the window (a fixed reward
        is not a Gaussian draw: the default is for 'bernoulli' and 'bounded' studies)."""
        return self._study.expire(through, reward, outcomes)

    @property
    def done(self) -> bool:
        """Whether the stopping rule has fired (the answer is final)."""
        return self._study.done()

    def answer(self) -> StudyAnswer:
        """The answer with its certificate and evidence (the final one once done, the leader before)."""
        d = self._study.answer()
        d["evidence"] = [ChallengerEvidence(**e) for e in d["evidence"]]
        return StudyAnswer(**d)

    def status(self) -> StudyStatus:
        """Pulls told and in flight per arm, means, leader, and a rough estimate of the pulls remaining."""
        return StudyStatus(**self._study.status())

    def plan(self, runs: Whole = 200, seed: Whole = 1, threads: Optional[Whole] = None, max_pulls: Whole = 1_000_000,
             concentration: Optional[Real] = None,
             progress: Optional[Union[bool, Callable[[int, int], None]]] = False) -> dict:
        """How many more pulls?  The plan of ``lilucb study plan --json``, as a dict: the study's own
        rules continued `runs` times in simulation from its state (the study is unchanged), the asks in
        flight told first, rewards drawn at the empirical means (Gaussian at the study's sigma, or with an
        unknown variance at each arm's sample standard deviation; Bernoulli;
        bounded: Beta of `concentration`, default 9, on the range).  ``remaining``: the new asks per
        continuation summarised as :func:`lilucb.plan`'s ``simulation`` (mean, median, intervals,
        q10/q90; errors against the empirical means); ``total``: the pulls the study would reach;
        ``estimate``: the status's T*(mu_hat) log(1/nu) estimate and range.  None for both once the
        study is done.  Continuation k draws from stream k of `seed` (the same for any thread count);
        one reaching `max_pulls` new asks counts at it.  An estimate under "the means are what they
        look like now", not a guarantee.  DomainError (naming self) while an arm has no reward.
        progress: False or None, True (a bar or lines on stderr) or a callable progress(done, total)."""
        text = _with_progress(lambda cb: self._study.plan(runs, seed, threads, max_pulls, concentration, cb), progress,
                              "study plan", "lilucb.Identification.plan(runs=200, seed=1, threads=None, max_pulls=1000000, "
                              "concentration=None, progress=False)")
        p = _json.loads(text)
        if not p["done"] and not p["remaining"]["certified"]:
            from .bandit import _note_uncertified
            _note_uncertified("lilucb.Identification.plan", p["method"], p["remaining"]["certificate"], stacklevel=3)
        return p

    @property
    def method(self) -> str:
        """The combination the study runs, as the registry prints it."""
        return self._study.method()

    @property
    def arms(self) -> int:
        """K, the number of arms."""
        return self._study.settings()["arms"]

    @property
    def names(self) -> Optional[Tuple[str, ...]]:
        """The arms' names, or None."""
        return self._study.settings()["names"]

    @property
    def model(self) -> str:
        """'gaussian', 'bernoulli' or 'bounded'."""
        return self._study.settings()["model"]

    @property
    def nu(self) -> float:
        """The target error probability."""
        return self._study.settings()["nu"]

    @property
    def sigma(self) -> Optional[float]:
        """The Gaussian model's sigma (None for the other models and with unknown_variance)."""
        return self._study.settings()["sigma"]

    @property
    def unknown_variance(self) -> bool:
        """Whether the Gaussian rewards' standard deviations are unknown (then sigma is None)."""
        return self._study.settings()["unknown_variance"]

    @property
    def range(self) -> Optional[Tuple[float, float]]:
        """The bounded model's (lo, hi) (None for the other models)."""
        return self._study.settings()["range"]

    @property
    def seed(self) -> int:
        """The seed of the sampling rule's random stream."""
        return self._study.settings()["seed"]

    @property
    def epsilon(self) -> float:
        """The question: 0 for the best arm, else the epsilon of an epsilon-good arm."""
        return self._study.settings()["epsilon"]

    @property
    def epsilon_relative(self) -> bool:
        """Whether epsilon is relative (an arm at least (1 - epsilon) times the best mean)."""
        return self._study.settings()["epsilon_relative"]

    @property
    def top(self) -> int:
        """The question: 1 for one arm, m > 1 for the top m arms."""
        return self._study.settings()["top"]

    def __repr__(self) -> str:
        s = self._study.settings()
        st = self._study.status()
        arms = list(s["names"]) if s["names"] is not None else s["arms"]
        extra = "".join(f", {k}={s[k]!r}" for k in ("sigma", "range") if s[k] is not None)
        extra += ", unknown_variance=True" if s["unknown_variance"] else ""
        return (f"lilucb.Identification(arms={arms!r}, model={s['model']!r}, nu={s['nu']!r}{extra}, "
                f"method={s['method']!r}, seed={s['seed']!r}) <{st['total_pulls']} told, "
                f"{st['total_pending']} in flight, {'done' if st['done'] else 'running'}>")
