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
 * Skip edges (branch choices, loop tests, goto, skip) get no transition of their own:
 * each is folded into the operations that can follow it (see skip_closure), which is
 * exact for races. Only the entry and nodes reached by an operation get places.
 * Each lock whose holding is consistent along every path yields the P-invariant
 * L + (places where L is held) = 1, passed to the engine for pruning.
 * Initial marking: one token per lock; count tokens on the entry of each job started
 * with a count (main: 1); any number on the entry of each [*] job. */
#pragma once

#include "rf-net.h"
#include "rf-program.h"

G_BEGIN_DECLS

RfNet *rf_netbuild (const RfProgram *prog);

G_END_DECLS
