/* rf-deadlock: the deadlock queries. A lock-order deadlock is threads each holding a
 * mutex and waiting, at a blocking lock, for the one the next thread holds; a relock is
 * a thread waiting at a blocking lock for a (normal) mutex it holds itself. Both are
 * states of threads at control places, so each candidate is a coverability query on
 * the same net as the races, and a witness is confirmed by replaying which thread holds
 * which mutex. */
#pragma once

#include <glib.h>
#include "rf-cover.h"
#include "rf-net.h"
#include "rf-program.h"
#include "rf-race.h"

G_BEGIN_DECLS

typedef enum {
  RF_DEADLOCK_CYCLE,        /* a cycle of the lock-order graph: locks[i] held, locks[i+1] wanted */
  RF_DEADLOCK_RELOCK,       /* a thread locks locks[0] while holding it */
  RF_DEADLOCK_UNHELD,       /* a thread unlocks locks[0] (or waits on a condition with it)
                             * while not holding it */
  RF_DEADLOCK_END_HOLDING,  /* a thread ends (returns, pthread_exit) holding locks[0] */
  RF_DEADLOCK_COND_MUTEXES, /* two threads wait on one condition variable at once, one
                             * with locks[0], the other with locks[1] */
  RF_DEADLOCK_SPIN_BLOCK,   /* a thread may block (lock a mutex, wait, join, sleep) while it
                             * holds spinlock locks[0] */
  RF_DEADLOCK_LOST_WAKEUP,  /* a thread waits on condition variable or semaphore locks[0]
                             * and no thread left can signal or post it (shown only) */
  /* the join misuse kinds (rf-deadlock-join.c): locks[0] is the handle's exited
   * semaphore (RfHandle), or joins_self$ for pthread_join (pthread_self ()) */
  RF_DEADLOCK_SELF_JOIN,    /* a thread joins itself */
  RF_DEADLOCK_JOIN_DETACHED, /* a thread joins a detached thread */
  RF_DEADLOCK_N_KINDS
} RfDeadlockKind;

/* RfDeadlockKindInfo: how reports name a kind and its verdicts. check: the check that
 * asks it (RF_CHECK_DEADLOCKS for cycles, else RF_CHECK_MISUSE; as a bit of RfChecks).
 * question: the start of its text line ("lock order", "relock", "unlock", "end
 * holding"); id: its JSON name; found, proved: its verdict words ("DEADLOCK",
 * "deadlock-free (proved)"); what: what a finding is ("deadlock"). shown_only: only a
 * finding is reported (no proof is attempted: a question not shown says nothing, and
 * the driver drops its verdict). */
typedef struct {
  RfDeadlockKind kind;
  guint check;
  const char *question, *id, *found, *proved, *what;
  gboolean shown_only;
} RfDeadlockKindInfo;

/* The row of KIND. Static. */
const RfDeadlockKindInfo *rf_deadlock_kind_info (RfDeadlockKind kind);

typedef enum {
  RF_DEADLOCK_FOUND,    /* a witness ends with the threads waiting for one another */
  RF_DEADLOCK_FREE,     /* no run of the net has the threads there at once: proved */
  RF_DEADLOCK_UNKNOWN,  /* the search gave up, or its witness is not a deadlock */
} RfDeadlockStatus;

/* RfDeadlockQuery: one candidate. locks: lock var ids (guint) in cycle order (one for a
 * relock). targets: RfMarking*, owned, the states to cover: one thread on a place of
 * each edge (the place where it may hold locks[i] and waits for locks[i + 1], the next
 * one round the cycle; for a relock, locks[0] both). places: for target t, its places
 * in cycle order at [t * locks->len .. (t + 1) * locks->len). too_many: the
 * combinations of places would be more targets than RF_DEADLOCK_MAX_TARGETS (then
 * targets is empty and the verdict unknown). loc: the first blocking lock of the
 * first edge's first place, where a report puts the finding until a witness shows
 * the wait. name: "a -> b -> a", or "m" for a relock (owned). */
typedef struct {
  RfDeadlockKind kind;
  char *name;
  RfLoc loc;
  GArray *locks;
  GPtrArray *targets;
  GArray *places;
  gboolean too_many;
} RfDeadlockQuery;

void rf_deadlock_query_free (RfDeadlockQuery *q);

/* Tuning constants: the most lock-order cycles checked, and the most edges the search
 * for them tries (past either, the cycles left are not checked: one unknown), and the
 * most target markings of one cycle. */
#define RF_DEADLOCK_MAX_CYCLES 64
#define RF_DEADLOCK_MAX_STEPS 1000000
#define RF_DEADLOCK_MAX_TARGETS 256

/* The most markings the forward search for a lost wake-up stores, per variable. */
#define RF_WAKEUP_MAX_STATES 20000

/* The queries of NET (built from PROG): every elementary cycle of the lock-order graph
 * when CYCLES (up to RF_DEADLOCK_MAX_CYCLES and RF_DEADLOCK_MAX_STEPS; *n_unchecked, may
 * be NULL, gets 1 when cycles were left unchecked, else 0), then, when MISUSE, per mutex (not one of many): a relock query when
 * a thread may lock it while holding it, an unheld-unlock query when a thread may give
 * it back while not holding it, and an end-holding query when a thread of a job type
 * other than main and module entries may end holding it (mutexes some thread unlocks
 * only: pthread_once's is taken for good); then, when MISUSE, per condition variable and
 * two mutexes it is waited on with, a query for two threads waiting with them at once;
 * then, when MISUSE, per spinlock (not one of many) a query for a thread that may block
 * while it holds it; then, when CYCLES, the lost wake-up queries
 * (rf_deadlock_wakeup_queries); in a fixed order. RfDeadlockQuery*, owned. */
GPtrArray *rf_deadlock_queries (const RfProgram *prog, const RfNet *net, gboolean cycles, gboolean misuse,
                                guint *n_unchecked);

/* RfDeadlockThread: one thread of a deadlock shown: thread (interleaving id) of job
 * `job` holds mutex `held` since held_step (1-based step of its lock, at held_loc; 0
 * and RF_LOC_NONE when not in the witness) and waits for mutex `wanted` at wait_loc.
 * For an unheld unlock: the thread does not hold `held` (= wanted) and unlocks it at
 * wait_loc; for an end holding: the thread ends at wait_loc holding `held`; for a
 * condition waited on with two mutexes: the thread waits at wait_loc, having given
 * `held` back for the wait; for a spinlock: the thread holds `held` and may block at
 * wait_loc; for a lost wake-up: the thread waits at wait_loc on `held` (= wanted, the
 * condition variable or semaphore) for ever, held_step 0, and the last signal or post
 * of it that no thread received (a signal while nobody waits is lost) is at lost_step
 * (1-based) and lost_loc, or 0 and RF_LOC_NONE. */
typedef struct {
  guint thread;
  gint job;
  guint held;
  guint held_step;
  RfLoc held_loc;
  guint wanted;
  RfLoc wait_loc;
  guint lost_step;
  RfLoc lost_loc;
} RfDeadlockThread;

/* RfDeadlockVerdict: the answer to one query. Invariant: interleaving is non-NULL
 * exactly when the result is unsafe; threads is non-NULL (one per lock, in cycle
 * order) exactly when status is FOUND; why is set exactly when status is UNKNOWN. loc
 * is where a report puts the finding: the first thread's wait when found, else the
 * query's. */
typedef struct {
  RfDeadlockKind kind;
  char *name;                    /* "a -> b -> a", or "m" for a relock; owned */
  GArray *locks;                 /* guint, owned (a copy of the query's) */
  RfDeadlockStatus status;
  RfLoc loc;
  RfCoverResult *result;         /* owned, NULL when too many targets */
  RfInterleaving *interleaving;  /* owned */
  GArray *threads;               /* RfDeadlockThread, owned */
  char *why;                     /* owned */
} RfDeadlockVerdict;

void rf_deadlock_verdict_free (RfDeadlockVerdict *v);

/* Decides query Q of NET (built from PROG) with BUDGET (may be NULL; its progress
 * label becomes the query's name). Owned. */
RfDeadlockVerdict *rf_deadlock_check (const RfProgram *prog, const RfNet *net, const RfDeadlockQuery *q,
                                      const RfCoverBudget *budget);

/* The verdict's word: its kind's found or proved word, or "unknown". Static. */
const char *rf_deadlock_status_to_string (const RfDeadlockVerdict *v);

G_END_DECLS
