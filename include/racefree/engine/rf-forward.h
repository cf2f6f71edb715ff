/* rf-forward: a resumable breadth-first forward search, the engine's under-approximation.
 *
 * Explores the markings reachable from the initial marking, with every omega place
 * instantiated with a fixed number of tokens, a bounded number of firings at a time.
 * Finding a marking that covers a target proves coverability (with a shortest
 * witness for that instance). Exhausting the reachable set proves that no target is
 * coverable only when the net has no omega place (rf_forward_is_exact). */
#pragma once

#include <glib.h>
#include "rf-net.h"
#include "rf-witness.h"

G_BEGIN_DECLS

typedef enum {
  RF_FORWARD_RUNNING,    /* more to explore */
  RF_FORWARD_FOUND,      /* a target is covered: rf_forward_witness */
  RF_FORWARD_EXHAUSTED,  /* every reachable marking (of this instance) explored */
  RF_FORWARD_GAVE_UP,    /* the state cap was reached */
} RfForwardState;

typedef struct _RfForward RfForward;

/* targets: RfMarking* (borrowed, must outlive the search). omega_tokens: tokens put on
 * each omega place. max_states: cap on stored markings (0 = none). */
RfForward *rf_forward_new (const RfNet *net, GPtrArray *targets, guint32 omega_tokens, guint64 max_states);
void rf_forward_free (RfForward *fw);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RfForward, rf_forward_free)

/* RfForwardProbe: TRUE when marking M (just stored) is known to lead to a target,
 * e.g. because it covers a marking of the backward search's basis. */
typedef gboolean (*RfForwardProbe) (const RfMarking *m, gpointer data);

/* Asks PROBE about every marking stored from now on; a TRUE answer ends the search
 * as FOUND, with rf_forward_witness's target set to RF_FORWARD_PROBED. */
void rf_forward_set_probe (RfForward *fw, RfForwardProbe probe, gpointer data);
#define RF_FORWARD_PROBED G_MAXUINT

/* RfForwardSettle: rewrites marking M (taken), just reached by firing TRANSITION, before
 * it is stored; returns the marking to store (owned), or NULL to drop it (a firing the
 * finer semantics does not have). A semantics finer than the net's (a condition
 * variable's signal with no thread waiting is lost) drops tokens this way. It may only
 * lower counts, so every step of a witness is still enabled in the net (firing is
 * monotonic), and the witness's final is the marking the net reaches, which covers the
 * settled one. */
typedef RfMarking *(*RfForwardSettle) (RfMarking *m, guint transition, gpointer data);

/* Settles every marking reached from now on with SETTLE. */
void rf_forward_set_settle (RfForward *fw, RfForwardSettle settle, gpointer data);

/* Fires up to QUOTA transitions (enabledness checks count too). */
RfForwardState rf_forward_step (RfForward *fw, guint64 quota);
/* The witness when FOUND (owned by the caller). After a probe's TRUE, its final
 * marking is the probed one, which need not cover any target. */
RfWitness *rf_forward_witness (RfForward *fw);
gboolean rf_forward_is_exact (const RfForward *fw);
guint64 rf_forward_n_states (const RfForward *fw);
/* Estimated bytes the stored states take: each marking's header and tokens plus its
 * entries in the state arrays and the table (RfCoverStats.peak_bytes). */
guint64 rf_forward_n_bytes (const RfForward *fw);

G_END_DECLS
