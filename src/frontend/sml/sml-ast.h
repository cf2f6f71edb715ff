/* sml-ast: the SML syntax tree and the state shared by the scanner, the parser and
 * the lowering in rf-sml.c (private to the SML front end).
 *
 * Grammar actions call the sml_* builders below; every node is owned by exactly one
 * parent (or by a bison semantic value until it is attached), so a %destructor per
 * semantic type frees whatever error recovery discards. Top-level declarations and
 * job types move into the SmlParser as soon as they are reduced. */
#pragma once

#include <glib.h>
#include "rf-diag.h"
#include "rf-program.h"

G_BEGIN_DECLS

/* SmlName: an identifier as written. name owned. */
typedef struct {
  char *name;
  RfLoc loc;
} SmlName;

/* SmlValue: an integer constant as written (a value of a value variable). */
typedef struct {
  gint64 v;
  RfLoc loc;
} SmlValue;

typedef enum {
  SML_STMT_OP,     /* read/write/acquire/release/wait/signal/broadcast/create, and
                    * test/set (op RF_OP_VALUE) */
  SML_STMT_SKIP,   /* skip; */
  SML_STMT_IF,     /* if (*) body else else_body (else_body may be NULL) */
  SML_STMT_WHILE,  /* while (*) body */
  SML_STMT_LOOP,   /* while (true) body */
  SML_STMT_LABEL,  /* arg: body */
  SML_STMT_GOTO,   /* goto arg; */
  SML_STMT_BLOCK,  /* { stmts } */
} SmlStmtKind;

/* SmlStmt: one statement. loc is where it starts (keyword, label or '{').
 * Invariant: arg is set for OP, LABEL and GOTO; arg2 only for wait and joinall; body
 * and else_body may be NULL when error recovery dropped them (an empty statement).
 * test/set (op RF_OP_VALUE): `test v == A` has from == to == A, `set v = B from A`
 * from A and to B, `set v = B` any_from (every value of v); the checks resolve them to
 * indices into v's ascending values (from_index -1 for any_from). */
typedef struct _SmlStmt SmlStmt;
struct _SmlStmt {
  SmlStmtKind kind;
  RfLoc loc;
  RfOpKind op;          /* SML_STMT_OP */
  SmlName *arg;         /* owned: operand, label or goto target */
  SmlName *arg2;        /* owned: wait's lock */
  gboolean create_main; /* `create main;` (an error) */
  gint arg_id;          /* var or job id resolved by the checks; -1 when unknown */
  gint arg2_id;
  SmlStmt *body;        /* owned */
  SmlStmt *else_body;   /* owned */
  GPtrArray *stmts;     /* SmlStmt*, owned: block contents */
  RfLoc end;            /* block: its '}' */
  SmlValue from, to;    /* test/set */
  gboolean any_from;
  gint from_index;      /* resolved by the checks; -1 when any_from or unknown */
  gint to_index;
  guint n_values;       /* v's number of values, once resolved */
};

/* SmlStart: a job head's start clause, by value. count is as written (may be 0 or
 * huge: the builder checks it). */
typedef struct {
  RfStartKind kind;
  guint64 count;
  RfLoc loc;
} SmlStart;

/* SmlDeclHead: the keyword of a declaration, by value. */
typedef struct {
  RfVarKind kind;
  gboolean inferred;    /* `shared`: the kind follows from use */
  RfLoc loc;
} SmlDeclHead;

/* SmlDecl: one declared shared name. kind is the declared kind; for `shared`
 * names (inferred == TRUE) it is fixed by the first use (used == TRUE), data if
 * never used. use is the first use. A value variable (`value v {...} = I of g;`,
 * kind RF_VAR_VALUE) has its values, sorted ascending once checked (distinct and at
 * most RF_VALUE_MAX of them unless an error was reported), init_index the index of I
 * among them, and an optional guard g resolved to guard_id by the checks. */
typedef struct {
  SmlName *name;        /* owned */
  RfVarKind kind;
  gboolean inferred;
  gboolean used;
  gboolean conflict;    /* a conflicting use was reported already */
  RfLoc use;
  gint id;              /* var id; -1 for a redefinition */
  GArray *values;       /* SmlValue, owned: a value variable's; NULL for the others */
  guint init_index;
  SmlName *guard;       /* owned, or NULL */
  gint guard_id;        /* resolved by the checks; -1 when none or unknown */
} SmlDecl;

/* SmlJob: one job type. body is a SML_STMT_BLOCK (owned), its end the closing brace. */
typedef struct {
  SmlName *name;        /* owned; "main" for the main job */
  RfStartKind start;
  guint count;
  SmlStmt *body;
  gint id;              /* job id; -1 for a redefinition */
} SmlJob;

/* SmlParser: everything one parse needs, shared by scanner (yyextra) and parser.
 * line/col: where the next character is (1-based). braces: locations of the '{'
 * not yet closed, innermost last. When the input ends, or a job type starts
 * (`thread`, `main {`), while braces are open, the scanner reports
 * "'}' expected" once, hands out `closers` made-up '}' tokens, then the held
 * keyword, so the parser can finish the tree and go on with the next item. */
typedef struct {
  const char *file;     /* interned */
  RfDiags *diags;       /* borrowed */
  guint n_syntax;       /* lexical and syntax errors reported */
  /* scanner */
  guint line, col;
  RfLoc last_end;       /* just after the last token */
  RfLoc prev_end;       /* just after the token before it */
  GArray *braces;       /* RfLoc */
  guint closers;        /* made-up '}' still to hand out */
  RfLoc close_loc;      /* where they are reported */
  gboolean injecting;   /* the last token is such a '}' */
  int held;             /* token to hand out after them, or 0 */
  RfLoc held_start, held_end;
  gboolean dead;        /* input abandoned (unterminated comment) */
  /* error recovery lost names, so uses of unknown ones are not reported */
  gboolean lost_var;
  gboolean lost_job;
  /* tree */
  GPtrArray *decls;     /* SmlDecl*, owned, declaration order */
  GPtrArray *jobs;      /* SmlJob*, owned, source order */
} SmlParser;

void sml_report (SmlParser *ctx, RfLoc loc, const char *fmt, ...) G_GNUC_PRINTF (3, 4);
void sml_report_syntax (SmlParser *ctx, RfLoc loc, const char *fmt, ...) G_GNUC_PRINTF (3, 4);

SmlName *sml_name_new (char *name, RfLoc loc);
void sml_name_free (SmlName *n);

/* A list of FIRST (none if NULL). */
GPtrArray *sml_name_list_new (SmlName *first);
GPtrArray *sml_name_list_append (GPtrArray *list, SmlName *n);

SmlStmt *sml_stmt_op (RfOpKind op, RfLoc loc, SmlName *arg, SmlName *arg2);
SmlStmt *sml_stmt_create_main (RfLoc loc, RfLoc main_loc);
/* test/set of value variable VAR (taken): to TO, from *FROM, or from any value when
 * FROM is NULL (`set v = B;`). */
SmlStmt *sml_stmt_value (RfLoc loc, SmlName *var, SmlValue to, const SmlValue *from);
SmlStmt *sml_stmt_skip (RfLoc loc);
SmlStmt *sml_stmt_if (RfLoc loc, SmlStmt *then_body, SmlStmt *else_body);
SmlStmt *sml_stmt_while (RfLoc loc, SmlStmt *body);
SmlStmt *sml_stmt_loop (RfLoc loc, SmlStmt *body);
SmlStmt *sml_stmt_label (SmlName *label, SmlStmt *body);
SmlStmt *sml_stmt_goto (RfLoc loc, SmlName *label);
SmlStmt *sml_stmt_block (RfLoc loc, GPtrArray *stmts, RfLoc end);
void sml_stmt_free (SmlStmt *s);

GPtrArray *sml_stmt_list_new (void);
/* Appends S unless NULL (a statement lost to error recovery). */
GPtrArray *sml_stmt_list_append (GPtrArray *list, SmlStmt *s);

/* `shared|lock|cond names;`; takes NAMES. BROKEN: a syntax error in the
 * declaration may have lost some names. */
void sml_declare (SmlParser *ctx, SmlDeclHead head, GPtrArray *names, gboolean broken);
/* A constant as written: -MAG when NEG, else MAG; reported if out of range. */
SmlValue sml_value (SmlParser *ctx, RfLoc loc, gboolean neg, guint64 mag);
/* A list of FIRST (SmlValue). */
GArray *sml_value_list_new (SmlValue first);
GArray *sml_value_list_append (GArray *list, SmlValue v);
/* `value NAME {VALUES} = INIT [of GUARD];`; takes NAME, VALUES and GUARD (may be NULL).
 * Checks the values (how many, distinct, INIT among them) and sorts them. */
void sml_declare_value (SmlParser *ctx, RfLoc loc, SmlName *name, GArray *values, SmlValue init,
                        SmlName *guard);
/* A job type; takes NAME and BODY. */
void sml_define_job (SmlParser *ctx, SmlName *name, SmlStart start, SmlStmt *body);
/* `thread main ...`: reported, then kept as the main job. */
void sml_define_thread_main (SmlParser *ctx, RfLoc loc, SmlStmt *body);

/* Scanner hooks. */
void sml_lex_advance (SmlParser *ctx, const char *text, gsize len);
void sml_lex_stray (SmlParser *ctx, RfLoc loc, const char *text, gsize len);
void sml_lex_open_brace (SmlParser *ctx, RfLoc loc);
void sml_lex_close_brace (SmlParser *ctx);
/* Error recovery threw away the '{' at LOC: it no longer needs a '}'. */
void sml_lex_forget_brace (SmlParser *ctx, RfLoc loc);
/* Closes every open '{' (reporting the innermost at WHERE): adds to closers. */
void sml_lex_close_all (SmlParser *ctx, RfLoc where);

G_END_DECLS
