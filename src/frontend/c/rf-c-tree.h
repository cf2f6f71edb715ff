/* rf-c-tree: small questions about the C syntax tree and one way to walk it (private to
 * the C front end).
 *
 * The lowering, its pre-passes and the points-to analysis share these: what an
 * expression is under its casts, which function a call names, constant values, the
 * source text of an expression for messages, and a visitor that walks statements,
 * expressions and initializers in source order, so that no analysis writes its own
 * walk of the tree just to find something in it. */
#pragma once

#include <glib.h>
#include "c-ast.h"

G_BEGIN_DECLS

/* E without its casts and __extension__ (NULL stays NULL). */
CExpr *c_peel (CExpr *e);

/* The name a call's callee is written with when it names a function (`f (...)`,
 * `(*f) (...)`, an undeclared or builtin name), else NULL (a call through a pointer). */
const char *c_callee_name (CExpr *call);

/* Argument I of CALL, or NULL. */
CExpr *c_arg (CExpr *call, guint i);

/* D is an object with static storage: a global, a static local, an extern. */
gboolean c_is_static_object (CDecl *d);

/* E is the null pointer constant 0 (under casts: NULL). */
gboolean c_is_null_constant (CExpr *e);

/* The value of integer constant expression E (literals up to 2^31 - 1, enumerators with
 * an explicit value, + - * / % << >> & | ^ ~ and unary minus within 32 bits); FALSE
 * when E is anything else. */
gboolean c_const_int (CExpr *e, gint64 *out);

/* Appends the source text of E for messages, for the common forms (names, members,
 * indices, &, *, -, !, binary operators); "..." for any other part. */
void c_expr_text (CExpr *e, GString *out);

/* ---- the visitor ---- */

typedef enum {
  C_VISIT_CONTINUE,  /* go into the node's parts */
  C_VISIT_SKIP,      /* leave its parts out */
  C_VISIT_STOP,      /* end the whole walk */
} CVisitResult;

/* CVisitor: what to do at each node. A walk calls stmt (or expr) before the parts of
 * a statement (expression), then, unless it answered SKIP or STOP, walks the parts in
 * source order and calls stmt_done. The parts of a statement: its expressions (expr,
 * expr2, a declaration's array sizes and initializer, asm operands), then its
 * statements (init, body, else_body, the items of a block). The parts of an
 * expression: a, b, c, the arguments of a call, the associations of _Generic, the
 * statement of a statement expression, the initializer of a compound literal. The
 * parts of an initializer: its expression, or its items' designator indices and
 * initializers. NULL callbacks continue; with no_exprs, expressions (and
 * initializers) are not walked at all. The walk recurses as deep as the tree is, as
 * the lowering itself does. */
typedef struct {
  CVisitResult (*stmt) (CStmt *s, gpointer data);
  void (*stmt_done) (CStmt *s, gpointer data);
  CVisitResult (*expr) (CExpr *e, gpointer data);
  gboolean no_exprs;
  gpointer data;
} CVisitor;

/* Each walks its node; TRUE when a callback answered STOP. */
gboolean c_visit_stmt (const CVisitor *v, CStmt *s);
gboolean c_visit_expr (const CVisitor *v, CExpr *e);
gboolean c_visit_init (const CVisitor *v, CInit *in);

/* Every external declaration of every file of UNIT, in file order (CDecl*, borrowed):
 * functions with and without a body, objects, typedefs. A new array. */
GPtrArray *c_unit_decls (const RfCUnit *unit);

G_END_DECLS
