! The Level 1 functions with a non-integer value, called from gfortran
! against libswblas.so: gfortran returns COMPLEX functions in registers as
! C's _Complex (not through a hidden argument, as f2c did) and REAL ones as
! float, so a wrong return convention shows as garbage here. Stops with a
! non-zero code on any mismatch with a plain loop.
program fortran_functions
  implicit none
  integer, parameter :: n = 37
  complex*16 :: zx(n), zy(n), zdotc, zdotu, zwant
  complex :: cx(n), cy(n), cdotu, cdotc, cwant
  real :: sx(n), sy(n), sdot, snrm2, scnrm2, scasum, swant
  double precision :: dznrm2, dwant
  external zdotc, zdotu, cdotu, cdotc, sdot, snrm2, scnrm2, scasum, dznrm2
  integer :: i, failures

  do i = 1, n
    zx(i) = dcmplx(0.5d0 * i, 1.0d0 / i)
    zy(i) = dcmplx(-1.0d0 / i, 0.25d0 * i)
    cx(i) = cmplx(0.5 * i, 1.0 / i)
    cy(i) = cmplx(-1.0 / i, 0.25 * i)
    sx(i) = 0.5 * i
    sy(i) = 1.0 / i
  end do
  failures = 0

  zwant = sum(conjg(zx) * zy)
  if (abs(zdotc(n, zx, 1, zy, 1) - zwant) > 1d-12 * abs(zwant)) call fail('ZDOTC')
  zwant = sum(zx(1:n:2) * zy(n:1:-2))
  if (abs(zdotu((n + 1) / 2, zx, 2, zy, -2) - zwant) > 1d-12 * abs(zwant)) call fail('ZDOTU')
  cwant = sum(cx * cy)
  if (abs(cdotu(n, cx, 1, cy, 1) - cwant) > 1e-5 * abs(cwant)) call fail('CDOTU')
  cwant = sum(conjg(cx) * cy)
  if (abs(cdotc(n, cx, 1, cy, 1) - cwant) > 1e-5 * abs(cwant)) call fail('CDOTC')
  dwant = sqrt(sum(abs(zx)**2))
  if (abs(dznrm2(n, zx, 1) - dwant) > 1d-13 * dwant) call fail('DZNRM2')
  swant = sum(sx * sy)
  if (abs(sdot(n, sx, 1, sy, 1) - swant) > 1e-5 * swant) call fail('SDOT')
  swant = sqrt(sum(sx**2))
  if (abs(snrm2(n, sx, 1) - swant) > 1e-5 * swant) call fail('SNRM2')
  swant = sqrt(sum(abs(cx)**2))
  if (abs(scnrm2(n, cx, 1) - swant) > 1e-5 * swant) call fail('SCNRM2')
  swant = sum(abs(real(cx)) + abs(aimag(cx)))
  if (abs(scasum(n, cx, 1) - swant) > 1e-5 * swant) call fail('SCASUM')

  if (failures /= 0) stop 1
  print '(a)', 'fortran_functions: all passed'

contains

  subroutine fail(name)
    character(len=*), intent(in) :: name
    print '(2a)', 'wrong value from ', name
    failures = failures + 1
  end subroutine fail

end program fortran_functions
