/* spec-ast: state shared by the `.spec` scanner, parser and builders (private to the
 * spec front end).
 *
 * There is no tree: grammar actions hand each atom, update and end of rule or cube
 * to a builder in rf-spec.c, which checks it and adds it to the net under
 * construction. Semantic values that own memory (identifiers, atoms, update
 * expressions) have %destructors, so error recovery frees what it discards. */
#pragma once

#include <glib.h>
#include "rf-diag.h"
#include "rf-net.h"

G_BEGIN_DECLS

typedef enum {
  SPEC_GE,  /* name >= lo */
  SPEC_EQ,  /* name = lo */
  SPEC_IN,  /* name in [lo, hi] */
} SpecOp;

/* SpecAtom: one constraint, by value; name owned; numbers as written (unchecked). */
typedef struct {
  char *name;
  SpecOp op;
  guint64 lo, hi;
  RfLoc loc;
} SpecAtom;

/* SpecTerm: one term of an update's right-hand side: `+ name`, `- name`, `+ value`
 * or `- value`. name owned, NULL for a number. */
typedef struct {
  char *name;
  gboolean neg;
  guint64 value;
  RfLoc loc;
} SpecTerm;

/* SpecParser: everything one parse needs (the scanner's yyextra and the parser's
 * parse-param). line/col: where the next character is (1-based, a tab is one
 * column). The per-rule and per-cube scratch is indexed by var id (= place id):
 * in_rule[v] says v already has an entry in rule_vars, need/delta/updated hold its
 * guard, its change and where it was updated. */
typedef struct {
  const char *file;        /* interned */
  RfDiags *diags;          /* borrowed */
  guint n_syntax;          /* lexical and syntax errors */
  guint n_unsupported;     /* constructs a Petri net cannot express */
  guint n_semantic;        /* other errors */
  /* scanner */
  guint line, col;
  RfLoc last_end;          /* just after the last token */
  /* result */
  RfNet *net;              /* owned */
  GPtrArray *targets;      /* RfMarking*, owned */
  /* declarations: var id = place id */
  GArray *decl_loc;        /* RfLoc per var */
  GArray *init_loc;        /* RfLoc per var: where `init` set it, line 0 if not */
  /* current rule */
  GArray *rule_vars;       /* guint var ids in order of first mention */
  GArray *in_rule;         /* gboolean per var */
  GArray *need;            /* guint64 per var: largest guard lower bound */
  GArray *delta;           /* gint64 per var: the update's change */
  GArray *updated;         /* RfLoc per var: the update, line 0 if none */
  gboolean rule_bad;       /* an error in this rule: do not add it */
  /* current target cube */
  GArray *cube;            /* RfToken */
  gboolean cube_bad;
  /* current invariant line */
  GArray *inv;             /* RfToken */
  gboolean inv_bad;
} SpecParser;

void spec_report_syntax (SpecParser *ctx, RfLoc loc, const char *fmt, ...) G_GNUC_PRINTF (3, 4);

/* Scanner hooks. */
void spec_lex_advance (SpecParser *ctx, const char *text, gsize len);
void spec_lex_stray (SpecParser *ctx, RfLoc loc, const char *text, gsize len);

/* Builders, in the order the sections come. Each takes ownership of its strings,
 * atoms and expressions. */
void spec_declare (SpecParser *ctx, char *name, RfLoc loc);
void spec_guard (SpecParser *ctx, SpecAtom *atom);
void spec_update (SpecParser *ctx, char *name, RfLoc loc, GArray *expr);
void spec_rule_end (SpecParser *ctx, RfLoc loc);
void spec_rule_abandon (SpecParser *ctx);
void spec_init (SpecParser *ctx, SpecAtom *atom);
void spec_target_atom (SpecParser *ctx, SpecAtom *atom);
void spec_target_end (SpecParser *ctx, RfLoc loc);
void spec_invariant_atom (SpecParser *ctx, SpecAtom *atom);
void spec_invariant_end (SpecParser *ctx, RfLoc loc);

/* Update expressions: GArray of SpecTerm with a clear function. */
GArray *spec_expr_new (char *name, guint64 value, RfLoc loc);
GArray *spec_expr_append (GArray *expr, gboolean neg, char *name, guint64 value, RfLoc loc);

G_END_DECLS
