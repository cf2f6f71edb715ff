/* rf-cover: backward coverability (Abdulla et al., Figure 4) with witnesses.
 *
 * Given a net and a finite set of target markings (their upward closure is the bad
 * set), decide whether some marking reachable from the initial one covers a target.
 * Nets may have reset arcs (rf-net.h): reset nets are well-structured too (firing is
 * monotone, and the predecessors of an upward-closed set are upward-closed, with a
 * computable basis: rf_marking_pre), so the search stays exact and terminates.
 * The search keeps a basis of minimal markings of the backward-reachable set,
 * computes predecessors only for new basis elements, discards a new marking that a
 * basis element is below (subsumed) and drops basis elements above a new one. It ends
 * when no new marking appears (Dickson's lemma) or when a basis element lies below the
 * initial marking (omega places hold any number). A forward breadth-first search of
 * one instance of the initial set runs alongside (rf-forward.h): it can find a
 * witness early, or, for a net without omega places, exhaust the reachable markings
 * and so prove safety. Every witness is replayed forward on the net before it is
 * returned (rf_witness_replay): callers need not, and cannot get one that fails.
 * On request a safe verdict comes with its proof (RfCoverProof), the inductive
 * invariant a certificate states (docs/certificates.md). */
#pragma once

#include <glib.h>
#include "rf-marking.h"
#include "rf-net.h"
#include "rf-witness.h"

G_BEGIN_DECLS

typedef enum {
  RF_COVER_SAFE,     /* no target is coverable */
  RF_COVER_UNSAFE,   /* a target is coverable; a witness is available */
  RF_COVER_UNKNOWN,  /* budget exhausted */
} RfCoverVerdict;

/* RfCoverProgress: how far a running search is, for a progress display. Counts are
 * those of RfCoverStats so far. */
typedef struct {
  const char *label;   /* RfCoverBudget.progress_label, borrowed; may be NULL */
  guint64 kept;        /* markings in the basis now */
  guint64 frontier;    /* markings whose predecessors are still to be computed */
  guint64 conf;        /* markings added to the basis so far (#Conf) */
  guint64 iterations;  /* rounds begun (#Iter) */
  gdouble rate;        /* predecessor markings computed per second, on average */
  gdouble elapsed_s;   /* wall-clock seconds since the search began */
} RfCoverProgress;

typedef void (*RfCoverProgressFunc) (const RfCoverProgress *progress, gpointer user_data);

/* Seconds between two progress calls when RfCoverBudget.progress_interval_s is 0. */
#define RF_COVER_PROGRESS_INTERVAL 0.25

/* Budget and switches; zero-initialised means unlimited, every technique on, no
 * progress calls. Running out of any budget gives RF_COVER_UNKNOWN, never an abort.
 * Times are CPU time of the process (rf_cover_cpu_time_us), so a verdict does not
 * depend on the machine's load. max_bytes bounds the engine's own estimate of the
 * memory its search data takes (see RfCoverStats.peak_bytes): when the forward search
 * alongside would take the search past it, the forward search is dropped (the backward
 * one goes on alone); when the backward search itself does, the verdict is unknown. */
typedef struct {
  guint64 max_markings;  /* markings kept in the basis at once; 0 = unlimited */
  gdouble timeout_s;     /* CPU seconds for this search; 0 = unlimited */
  guint64 max_bytes;     /* estimated bytes of search data; 0 = unlimited */
  gint64 deadline_us;    /* rf_cover_cpu_time_us past which this search (and any
                            later one given the same budget) stops at once; 0 = none */
  /* When non-NULL and nonzero (set from a signal handler: Ctrl-C), this search (and any
   * later one given the same budget) stops at once, verdict unknown. */
  const volatile gint *cancel;
  gboolean backward_only;  /* no forward under-approximation (tests, ablation) */
  gboolean no_state_equation;  /* no state-equation pruning (tests, ablation) */
  /* A safe verdict comes with its proof (RfCoverResult.proof). Every pruning the
   * search does has a justification the proof carries, but the forward search's
   * proof of safety (every reachable marking seen) is no basis: with certify it
   * proves nothing, and the backward search goes on to its fixpoint. */
  gboolean certify;
  /* Called during the search, never twice within progress_interval_s (0: the default
   * RF_COVER_PROGRESS_INTERVAL) and not before that long has passed; it must not
   * change the search (results are the same with or without it). */
  RfCoverProgressFunc progress;
  gpointer progress_data;
  gdouble progress_interval_s;
  const char *progress_label;  /* borrowed; passed on in RfCoverProgress.label */
} RfCoverBudget;

/* Statistics in the paper's terms. conf: markings added to the basis (#Conf);
 * subsumed: new markings discarded or basis markings dropped by subsumption (#Subsum);
 * iterations: breadth-first rounds (#Iter); kept: basis size at the end. A marking
 * whose weighted sum exceeds a P-invariant's total (rf_net_add_invariant) covers no
 * reachable marking and is dropped before it is counted anywhere but in pruned. */
typedef struct {
  guint64 conf;
  guint64 subsumed;
  guint64 iterations;
  guint64 kept;
  guint64 pruned;   /* predecessors dropped because they violate a P-invariant */
  guint64 forward_states;  /* markings stored by the forward under-approximation */
  guint64 steq_pruned;     /* markings dropped by the state equation (rf-steq.h): its
                              linear program or a bound learned from one */
  guint64 steq_lps;        /* linear programs solved */
  guint64 steq_learned;    /* bounds learned (certificates) */
  guint64 peak_bytes;      /* most search data at once, estimated (not reported): each
                              marking the search holds (basis, frontier, the chains of
                              predecessors witnesses need, forward states) counted as
                              its header and tokens plus its nodes, index entries and
                              table slots; the net, the linear programs and the learned
                              bounds are not counted */
  gdouble seconds;
} RfCoverStats;

/* RfCoverProof: why no target is coverable, as an inductive invariant over the
 * markings that cover no reachable one (docs/certificates.md). Its facts about every
 * reachable marking: it puts no token on an unmarkable place (a place no transition
 * whose inputs avoid the unmarkable places can mark, and empty initially); it keeps
 * each invariant's weighted sum at its total and each bound's at most at its total.
 * A marking breaking one of them is excluded. Invariant: every target, and every
 * predecessor max(b - post, 0) + pre of a basis marking b through a transition (that
 * has one: none when the transition resets a place where b needs more than it puts
 * back, rf_marking_pre), is above some basis marking or excluded; no basis marking
 * lies below the initial marking (omega places hold any number). The engine ensures
 * it; a certificate checker verifies it on its own. */
typedef struct {
  GPtrArray *targets;      /* RfMarking*, owned references: the search's targets, in order */
  GPtrArray *basis;        /* RfMarking*, owned references: the final basis of minimal
                              markings, in the order they were added */
  gboolean *unmarkable;    /* owned, one entry per place of the net */
  guint n_places;
  GPtrArray *invariants;   /* RfInvariant*, owned: the net's checked P-invariants */
  GPtrArray *bounds;       /* RfInvariant*, owned: the state equation's checked Farkas
                              inequalities, weights·M <= total (rf-steq.h) */
} RfCoverProof;

void rf_cover_proof_free (RfCoverProof *proof);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RfCoverProof, rf_cover_proof_free)

/* RfCoverResult: the answer of one search. Invariant: witness is non-NULL exactly
 * when verdict is RF_COVER_UNSAFE; proof is non-NULL exactly when verdict is
 * RF_COVER_SAFE and the budget asked for it (certify). */
typedef struct {
  RfCoverVerdict verdict;
  RfCoverStats stats;
  RfWitness *witness;  /* owned; non-NULL iff verdict == RF_COVER_UNSAFE */
  RfCoverProof *proof; /* owned; non-NULL iff verdict == RF_COVER_SAFE and certify */
  gboolean interrupted; /* verdict unknown because the budget's cancel flag was set */
} RfCoverResult;

void rf_cover_result_free (RfCoverResult *r);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RfCoverResult, rf_cover_result_free)

/* Runs the backward search. targets: RfMarking*. budget may be NULL. Never fails:
 * a budget overrun gives RF_COVER_UNKNOWN. An unsafe result's witness has been
 * replayed on NET and covers targets[witness->target]. */
RfCoverResult *rf_cover_run (const RfNet *net, GPtrArray *targets, const RfCoverBudget *budget);

const char *rf_cover_verdict_to_string (RfCoverVerdict v);

/* TRUE when BUDGET's cancel flag is set (Ctrl-C; NULL: never). */
gboolean rf_cover_budget_cancelled (const RfCoverBudget *budget);
/* TRUE when a search under BUDGET would stop at once: cancelled, or the run it belongs
 * to is past its deadline (NULL: never). */
gboolean rf_cover_budget_spent (const RfCoverBudget *budget);

/* The CPU time this process has used, in microseconds: the clock of every budget. */
gint64 rf_cover_cpu_time_us (void);

G_END_DECLS
