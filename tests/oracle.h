/* oracle: an explicit-state forward coverability checker, the tests' reference for the engine.
 *
 * Breadth-first search over the markings reachable from a finite initial marking, each
 * kept as a dense vector in a table of visited markings with a parent pointer, so the
 * first marking found covering a target ends a shortest firing sequence. Unbounded nets
 * make the search infinite, so a per-place token bound and a cap on visited markings cut
 * it; when a cut happened and no target was covered the answer is inconclusive.
 * Firing is done here with plain loops over the transitions' token vectors and never
 * calls the engine (rf_cover_*, rf_marking_pre/fire_dense), so the two are independent. */
#pragma once

#include <glib.h>
#include "rf-net.h"
#include "rf-marking.h"

G_BEGIN_DECLS

typedef enum {
  ORACLE_NOT_COVERED,   /* no reachable marking covers a target (search complete) */
  ORACLE_COVERED,       /* a reachable marking covers a target; steps lead there */
  ORACLE_INCONCLUSIVE,  /* the token bound or the state cap was hit, nothing covered */
} OracleVerdict;

/* OracleResult: the answer of one search. steps is NULL unless COVERED; when cut is
 * FALSE the search never dropped a successor and steps is a shortest sequence. */
typedef struct {
  OracleVerdict verdict;
  guint target;        /* index into targets of the covered target, when COVERED */
  GArray *steps;       /* guint transition ids in firing order, owned */
  gboolean cut;        /* some successor exceeded the bound or the cap was reached */
  guint64 n_states;    /* markings visited */
} OracleResult;

/* Searches from INITIAL (dense, n_places entries; NULL = the net's initial marking,
 * which must then have no omega place). A marking with more than BOUND tokens on some
 * place is not explored; at most MAX_STATES markings are visited (0 = no cap).
 * targets: RfMarking*. */
OracleResult *oracle_run (const RfNet *net, const guint32 *initial, GPtrArray *targets,
                          guint32 bound, guint64 max_states);
void oracle_result_free (OracleResult *r);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (OracleResult, oracle_result_free)

/* Fires transition T on DENSE by hand (inputs taken, reset places emptied, outputs
 * put): TRUE and DENSE updated when every input place holds enough tokens, FALSE and
 * DENSE untouched otherwise. */
gboolean oracle_fire (const RfNet *net, guint t, guint32 *dense);

/* TRUE when DENSE >= TARGET pointwise. */
gboolean oracle_covers (const guint32 *dense, const RfMarking *target);

const char *oracle_verdict_to_string (OracleVerdict v);

G_END_DECLS
