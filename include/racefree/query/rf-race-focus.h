/* rf-race-focus: witnesses of a focused net (rf_netbuild_focus) carried over to the net of
 * the whole program (rf_netbuild).
 *
 * A focused net folds the accesses to every data variable but one into the skip
 * closure, so one of its transitions is, in the whole net, the same statement's
 * transition preceded by the begin and end transitions of the folded accesses on the
 * way. Both nets are built by one builder from one program: a control place is a node
 * (or a statement's middle) of a job in both, and a transition names the statement it
 * comes from (RfTransition.edge). So a run of the focused net is followed in the whole
 * net thread by thread, inserting the folded accesses where the thread passes them. */
#pragma once

#include "rf-net.h"
#include "rf-witness.h"

G_BEGIN_DECLS

/* The witness W of FOCUSED (the net of a program focused on data var VAR) as a firing
 * sequence of FULL (the whole net of the same program): a new witness whose steps are
 * W's, each preceded by the accesses to other variables its thread passes, from the
 * corresponding initial marking; its final marking has the tokens of W's final marking
 * on VAR's access places and on every place both nets share. target is left 0 (the
 * caller picks FULL's target it covers) and it is not replayed here (the caller
 * replays it against that target). NULL with ERROR set when a step has no counterpart
 * (the nets do not come from one program). */
RfWitness *rf_race_focus_expand (const RfNet *focused, const RfNet *full, guint var, const RfWitness *w,
                               GError **error);

G_END_DECLS
