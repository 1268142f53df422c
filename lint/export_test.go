package lint

// CheckLimit is checkLimit, for the tests of package lint_test, which
// import internal/hostile (which imports lint).
var CheckLimit = checkLimit
