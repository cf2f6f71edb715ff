/* rf-race-quick: cheap sound proofs of race-freedom, tried before the search.
 *
 * Most locations of a real program are race-free for a simple reason: only one
 * thread touches them, every conflicting access is made by the main thread while no
 * other thread runs (before it creates any, or after it has joined them all), or every
 * access holds one lock. Each reason is a fact about every reachable marking of the
 * net, checked on the net's structure alone (so it is the net's own argument, and a
 * search would find the same): the lock P-invariants the engine prunes with, an
 * inductive invariant "while the initial thread is in region S no thread of job K
 * exists", and the read-write lock claims. A location is proved when every pair of its
 * access places with a write among them is excluded by one of them; otherwise nothing
 * is said and the search decides. docs/net.md ("Proofs without a search") states each
 * argument and why it is sound. */
#pragma once

#include <glib.h>
#include "rf-net.h"

G_BEGIN_DECLS

/* RfRaceProof: the arguments a race-free verdict rests on (flags; 0 when the verdict
 * is not race-free). */
typedef enum {
  RF_RACE_PROOF_SEARCH = 1 << 0,     /* the backward search reached its fixpoint */
  RF_RACE_PROOF_READ_ONLY = 1 << 1,  /* no access writes */
  RF_RACE_PROOF_ONE_THREAD = 1 << 2, /* both accesses by one thread that cannot exist twice */
  RF_RACE_PROOF_ALONE = 1 << 3,      /* one access by the initial thread while no thread
                                        that makes the other can exist */
  RF_RACE_PROOF_LOCK = 1 << 4,       /* both accesses hold one lock (a P-invariant) */
  RF_RACE_PROOF_RWLOCK = 1 << 5,     /* both hold one read-write lock, one for writing */
} RfRaceProof;

#define RF_RACE_PROOF_KINDS 6

/* The stable name of the single flag FLAG ("search", "read-only", "one-thread",
 * "alone", "lock", "rwlock"), for JSON and tables; NULL for anything else. */
const char *rf_race_proof_kind_name (RfRaceProof flag);

/* RfAccessPlace: a control place a thread reaches by beginning an access of a data
 * variable (the pc_to of a transition putting a token on its Read or Write place);
 * write when some such transition begins a write. */
typedef struct {
  guint place;
  gboolean write;
} RfAccessPlace;

/* The access places of data var VAR of NET, in place order. Owned. */
GArray *rf_race_access_places (const RfNet *net, guint var);

/* RfRaceQuick: what the arguments need of one net, computed once (opaque). It borrows
 * the net, which must outlive it and not change. */
typedef struct _RfRaceQuick RfRaceQuick;

RfRaceQuick *rf_race_quick_new (const RfNet *net);
void rf_race_quick_free (RfRaceQuick *q);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RfRaceQuick, rf_race_quick_free)

/* TRUE when the arguments prove data var VAR race-free on the net: no marking the
 * race query targets (rf_race_targets) is coverable. Then *PROOF holds the arguments
 * used and *ARGUMENT (owned) says them in words ("every access holds lock 'm'"). */
gboolean rf_race_quick_prove (const RfRaceQuick *q, guint var, RfRaceProof *proof, char **argument);

/* TRUE when the arguments show that no reachable marking has a thread on control place
 * A and another on B (two threads on A when A == B): one thread, alone, a lock
 * invariant or an rwlock claim keeps them apart. */
gboolean rf_race_quick_pair_excluded (const RfRaceQuick *q, guint a, guint b);

G_END_DECLS
