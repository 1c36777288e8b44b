extension ExplainOptions {
  /// The most budgets one explanation of a group of tests gets (``budgetOfAGroup(of:)``): five.
  ///
  /// Five budgets (300 s by default) decide a crash of a server app's whole selection, about 8 s
  /// a run, in 97 % of simulated explanations (`CrashScopeTests`): the first comparison needs at
  /// least 8 pairs of runs that disagree, and the rest names the tests it must run with. More
  /// buys little; a run whose whole selection crashed 29 times (each rerun of the tests a crash
  /// left unrun crashed again) would otherwise have given its one crash 29 minutes.
  package static let mostBudgetsOfAGroup = 5

  /// How long the experiments on a group of `count` tests explained as one may take: a crash that
  /// went through the same code in each (``SessionResult/explainedTogether(_:tests:)``) is one
  /// crash, and deciding it is worth their budgets together, up to ``mostBudgetsOfAGroup``.
  package func budgetOfAGroup(of count: Int) -> Duration {
    budget * min(max(count, 1), Self.mostBudgetsOfAGroup)
  }
}
