/* rf-witness: a firing sequence that shows a target coverable, and its replay.
 *
 * Both searches of the engine (rf-cover.h, rf-forward.h) produce witnesses; the
 * engine replays each one on the net before it hands it back, so a caller never
 * needs to. rf_witness_replay is public for tests and for witnesses built by hand. */
#pragma once

#include <glib.h>
#include "rf-marking.h"
#include "rf-net.h"

G_BEGIN_DECLS

/* RfWitness: a firing sequence. initial is a concrete (finite) initial marking
 * (omega places instantiated), steps are transition ids in firing order, final is the
 * marking reached, which covers targets[target]. Invariant (once handed back by the
 * engine): every step is enabled in turn from initial and the last one reaches final.
 * All members owned. */
typedef struct {
  RfMarking *initial;
  GArray *steps;   /* guint transition ids */
  RfMarking *final;
  guint target;
} RfWitness;

void rf_witness_free (RfWitness *w);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RfWitness, rf_witness_free)

#define RF_WITNESS_ERROR (rf_witness_error_quark ())
GQuark rf_witness_error_quark (void);
typedef enum {
  RF_WITNESS_ERROR_REPLAY,  /* a witness does not replay */
} RfWitnessError;

/* Fires W's steps from W->initial; TRUE if each is enabled, the result equals
 * W->final and W->final covers TARGET. Fills *error with the first failing step. */
gboolean rf_witness_replay (const RfNet *net, const RfWitness *w, const RfMarking *target, GError **error);

G_END_DECLS
