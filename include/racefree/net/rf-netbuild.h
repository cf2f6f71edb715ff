/* rf-netbuild: the job-type Petri net of a program (the paper's section 3.2).
 *
 * One control place per CFG node of each job type; Read_v/Write_v places per data
 * variable; one place per lock (a token while free); one signal place per condition
 * variable. Rules (pc = control place of a node):
 *   read v:     pc_i -> pc_mid + Read_v ;  pc_mid + Read_v -> pc_j   (write alike)
 *   acquire L:  pc_i + L -> pc_j          release L: pc_i -> pc_j + L
 *   wait c, L:  pc_i -> pc_w + L ; pc_w + Sig_c -> pc_a (signalled) ;
 *               pc_w -> pc_a (spurious, POSIX) ; pc_a + L -> pc_j
 *   signal c:   pc_i -> pc_j + Sig_c      (a signal nobody waits for stays pending:
 *                                          an over-approximation of lost signals)
 *   broadcast c: pc_i -> pc_b ; pc_b -> pc_b + Sig_c ; pc_b -> pc_j  (wakes any number)
 *   create T:   pc_i -> pc_j + entry_T
 *   joinall T:  pc_i -> pc_j, emptying every control place of T (a reset: the front end
 *               claims every thread of T has ended there)
 *   joinall T, s: pc_i -> pc_j, emptying the control places of T no path from T's
 *               entry reaches through a post of s (the claim: every thread of T has
 *               posted s)
 *   post s:     pc_i -> pc_j + s          take s: pc_i + s -> pc_j
 *   rdlock L:   pc_i + L -> pc_j + L      wrlock L: pc_i + L -> pc_j
 *   unlock L:   pc_i -> pc_j + L (held for writing) or pc_i -> pc_j (for reading)
 *   value v a->b: pc_i + v=a -> pc_j + v=b  (one place v=k per value k of value var v,
 *               one token among them, on its initial value: a P-invariant)
 * An rwlock place L holds a token while no thread holds L for writing; readers are not
 * counted, so a writer does not wait for them (an over-approximation). The mode in
 * which each control place holds L is worked out along every path (rwlock_modes); a
 * lock operation that fails (EDEADLK) gets a transition of its own, and an unlock
 * whose mode is not known gets both. The modes also give the claims the race query
 * uses (rf_net_add_rwlock_claim): a place where L is held for writing excludes every
 * other place where L is held.
 * Skip edges (branch choices, loop tests, goto, skip) get no transition of their own:
 * each is folded into the operations that can follow it (see skip_closure), which is
 * exact for races. Only the entry and nodes reached by an operation get places.
 * Each lock whose holding is consistent along every path yields the P-invariant
 * L + (places where L is held) = 1, passed to the engine for pruning.
 * A blocking acquire (not a trylock's success) and a woken waiter's reacquire wait for
 * L: their transitions are marked so (rf_net_set_transition_waits_for) for the deadlock
 * query.
 * Initial marking: one token per lock and rwlock; count tokens on the entry of each job started
 * with a count (main: 1); any number on the entry of each [*] job. */
#pragma once

#include "rf-net.h"
#include "rf-program.h"

G_BEGIN_DECLS

RfNet *rf_netbuild (const RfProgram *prog);

/* The net of PROG focused on data var VAR: the same rules, but accesses to the other
 * data vars are silent (folded by the skip closure like skips) and get no places, so
 * the net has fewer control places and transitions. A marking of two threads in the
 * middle of accesses to VAR is coverable here exactly when it is in rf_netbuild's net
 * (see skip_closure in rf-netbuild.c): the race query on VAR may ask either. */
RfNet *rf_netbuild_focus (const RfProgram *prog, guint var);

G_END_DECLS
